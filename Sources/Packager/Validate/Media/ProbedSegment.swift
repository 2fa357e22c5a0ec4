/// What libavformat read from one media segment, as plain values: every stream with its
/// codec parameters and the timing of every packet in read (decode) order.
struct ProbedSegment: Sendable {
    /// libavformat's demuxer name: "mpegts", "mov,mp4,m4a,3gp,3g2,mj2", "aac", …
    let format: String
    let streams: [ProbedStream]

    var video: ProbedStream? { streams.first { $0.kind == .video } }
    /// The stream whose timing stands for the segment: video, else the first audio.
    var timingStream: ProbedStream? { video ?? streams.first { $0.kind == .audio } }
}

struct ProbedStream: Sendable {
    enum Kind: Sendable {
        case video, audio, other
    }

    let kind: Kind
    /// Codec parameters for CODECS/RESOLUTION; only filled by a detailed probe.
    let codec: CodecDescription?
    /// Seconds per time-base tick, as a fraction.
    let timeBase: (num: Int32, den: Int32)
    /// Timestamp wrap (33 bits in MPEG-TS, 64 elsewhere).
    let wrapBits: Int32
    /// avg_frame_rate (else r_frame_rate) when libavformat knows it.
    let frameRate: Double?
    let packets: [ProbedPacket]
}

struct ProbedPacket: Sendable {
    let pts: Int64?
    let dts: Int64?
    /// 0 when the container does not say.
    let duration: Int64
    let isKeyframe: Bool
}

/// Why a segment could not be read at all.
struct MediaProbeError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
