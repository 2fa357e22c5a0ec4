/// One video packet the caller hands to the cutter: a demuxed packet and its timestamps on the
/// caller's timeline (unwrapped stream ticks — 90 kHz for MPEG-TS — as `PacketClock` gives them).
struct SpliceInputPacket {
    let packet: DemuxedPacket
    let pts: Int64
    let dts: Int64
}

/// One packet of a splice's result. `packet` carries raw stream timestamps (the source's own
/// values, so it can be written with the source's other packets); `pts`/`dts` are the same on the
/// caller's timeline.
struct SplicedPacket {
    enum Origin: Equatable { case source, rewrittenKeyframe, reencoded }
    let packet: DemuxedPacket
    let pts: Int64
    let dts: Int64
    let origin: Origin
}

/// What a splice cost, for report.json.
struct SpliceCost: Equatable, Sendable {
    var framesDecoded = 0
    var framesReencoded = 0
    var reencodedBytes = 0
    /// CPU time of the whole process during the call (libx265 encodes on a thread of its own).
    var cpuMilliseconds = 0.0
    /// The part of `cpuMilliseconds` spent inside the encoder (the rest is decoding and bookkeeping).
    var encodeCPUMilliseconds = 0.0
    var wallMilliseconds = 0.0
}

/// Something the caller should report about a splice (a report line, never a failure).
enum SpliceNote: Equatable, Sendable, CustomStringConvertible {
    /// Leading pictures of the resume keyframe left out (keyframe mode): the near side's video
    /// ends this many frames before the cut.
    case leadingPicturesDropped(count: Int, pts: Int64)
    /// H.264: the resume keyframe was an open-GOP I picture and became an IDR; the far side's later
    /// packets go through `VideoSplice.continuation`.
    case resumeKeyframeMadeIDR(pts: Int64)

    var description: String {
        switch self {
        case .leadingPicturesDropped(let count, let pts):
            return "dropped \(count) leading picture(s) of the keyframe at PTS \(pts) that predict from across the cut"
        case .resumeKeyframeMadeIDR(let pts):
            return "the open-GOP keyframe at PTS \(pts) was rewritten as an IDR; later pictures are renumbered from it"
        }
    }
}

/// The two sides of one video splice. Written in order — `before` ends the near side's stream,
/// `after` starts the far side's — in place of the window's packets; the caller continues with
/// the packets that followed the window.
struct VideoSplice {
    var before: [SplicedPacket]
    var after: [SplicedPacket]
    /// PTS of the far side's first picture: the splice, or the resume keyframe in keyframe mode.
    var landedPTS: Int64
    var cost: SpliceCost
    var notes: [SpliceNote]
    /// Set when the far side's later packets must be rewritten too (see `SpliceContinuation`).
    var continuation: SpliceContinuation?
}
