/// How the splicer reads a back end's video packets and writes spliced ones back in their form:
/// demuxed AVPackets for the libavformat assembler (`AVSpliceMedia`), access units of the input
/// TS for the byte-level assembler (`TSSpliceMedia`).
protocol SpliceMedia: AnyObject {
    /// The cutter's view of a held video packet, on the cutter's timeline.
    func input(_ media: MediaPacket, ticks: (pts: Int64, dts: Int64), streamIndex: Int) throws -> SpliceInputPacket
    /// A packet the cut made (re-encoded, or a rewritten keyframe) in the slot `slot` held,
    /// flagged a keyframe only when `keyframe`.
    func output(_ spliced: SplicedPacket, in slot: MediaPacket, timeline: SpliceTimeline, keyframe: Bool) throws -> MediaPacket
    /// A packet after an H.264 open-GOP resume, through every continuation still running.
    func continued(_ media: MediaPacket, through continuations: [SpliceContinuation], streamIndex: Int) throws -> MediaPacket
    /// The earliest input byte a held packet still needs (the TS back end's input window).
    func oldestOffset(of held: [MediaPacket]) -> Int64?
}

extension SpliceMedia {
    func oldestOffset(of held: [MediaPacket]) -> Int64? { nil }
}

/// The libavformat path: a packet's payload is its demuxed AVPacket.
final class AVSpliceMedia: SpliceMedia {
    func input(_ media: MediaPacket, ticks: (pts: Int64, dts: Int64), streamIndex: Int) throws -> SpliceInputPacket {
        guard case .av(let packet) = media.payload else { throw SpliceMediaError.wrongPayload(pts: media.pts) }
        return SpliceInputPacket(packet: packet, pts: ticks.pts, dts: ticks.dts)
    }

    func output(_ spliced: SplicedPacket, in slot: MediaPacket, timeline: SpliceTimeline, keyframe: Bool) throws -> MediaPacket {
        if !keyframe { spliced.packet.clearKeyframeFlag() }
        return MediaPacket(packet: spliced.packet, role: slot.role, pts: timeline.ticks90k(spliced.pts),
                           dts: timeline.ticks90k(spliced.dts))
    }

    func continued(_ media: MediaPacket, through continuations: [SpliceContinuation], streamIndex: Int) throws -> MediaPacket {
        guard case .av(let packet) = media.payload else { return media }
        var out = packet
        for continuation in continuations { out = try continuation.apply(out) }
        return out === packet ? media : MediaPacket(packet: out, role: media.role, pts: media.pts, dts: media.dts)
    }
}

enum SpliceMediaError: Error, CustomStringConvertible {
    case wrongPayload(pts: Int64)
    case unreadable(input: String, pts: Int64)
    case outOfMemory(input: String)

    var description: String {
        switch self {
        case .wrongPayload(let pts): return "the video packet at PTS \(pts) is not the kind its back end writes"
        case .unreadable(let input, let pts): return "\(input): the video PES at PTS \(pts) has no readable header"
        case .outOfMemory(let input): return "\(input): out of memory while splicing"
        }
    }
}
