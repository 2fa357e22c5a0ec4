import Foundation

/// One track of `FragmentWriter`: the samples of the open fragment, their bytes, and the timing
/// that carries from one fragment to the next, kept the way libavformat's mp4 muxer keeps it
/// (movenc.c, FFmpeg 5.1), so a fragment of ours is byte for byte one of its.
final class FragmentTrack {
    enum Kind { case video, audio }

    /// How a sample's bytes go into the mdat.
    enum Payload {
        /// Annex B with start codes, written with NAL lengths.
        case annexB
        /// As they are (AAC frames without ADTS headers, length-prefixed video).
        case raw
        /// Video whose form the first sample decides (no extradata): movenc takes that sample's
        /// first bytes as the stream's configuration and converts unless it starts with 1.
        case firstSampleDecides(hevc: Bool)
    }

    struct Sample {
        var dts: Int64
        var cts: Int64
        var size: UInt32
        var sync: Bool

        var flags: UInt32 { sync ? FragmentWriter.dependsOnNothing : FragmentWriter.nonSyncDependent }
    }

    let id: UInt32
    let kind: Kind
    private(set) var payload: Payload
    /// Audio packets without a duration get one frame of this many ticks (the muxer's guess).
    let frameDuration: Int64
    private(set) var samples: [Sample] = []
    /// The open fragment's sample bytes (from `ByteBufferPool` while a fragment is open).
    private(set) var data: ByteBuffer?
    /// The first sample's decode time: where the track's time line starts.
    private(set) var startDTS: Int64?
    /// From `startDTS` to the end of the last sample: where the next fragment starts.
    private(set) var trackDuration: Int64 = 0
    /// Once any sample's PTS differs from its DTS, every run carries composition offsets.
    private(set) var hasCompositionOffsets = false
    /// false: samples are counted, not copied (following the muxer, whose bytes are kept).
    var keepsBytes = true
    /// The open fragment's sample bytes, counted even when they are not kept.
    private(set) var byteCount = 0

    init(id: UInt32, kind: Kind, payload: Payload, frameDuration: Int64) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.frameDuration = frameDuration
        samples.reserveCapacity(512)
    }

    /// Adds one packet (times in the track's time scale).
    func add(_ bytes: UnsafeRawBufferPointer, pts: Int64?, dts: Int64?, duration: Int64, key: Bool) throws {
        let timing = try SampleTiming(track: self, pts: pts, dts: dts, duration: duration)
        guard bytes.count > 0 else { return }
        if case .firstSampleDecides(let hevc) = payload { payload = Self.payload(configuration: bytes, hevc: hevc) }
        let size: Int
        if case .raw = payload {
            size = bytes.count
            if keepsBytes { buffer().append(bytes) }
        } else {
            size = keepsBytes ? AnnexBToLengthPrefixed.append(bytes, to: buffer()) : AnnexBToLengthPrefixed.convertedSize(bytes)
        }
        record(timing, size: size, key: key)
    }

    /// Lists a sample whose `size` bytes are in the buffer (or counted).
    func record(_ timing: SampleTiming, size: Int, key: Bool) {
        let dts = timing.dts
        var storedDTS = dts
        if samples.isEmpty, let startDTS {
            // The fragment starts where the last one said it ends, whatever this DTS says.
            storedDTS = startDTS + trackDuration
        }
        if startDTS == nil { startDTS = dts }
        trackDuration = dts - (startDTS ?? dts) + timing.duration
        if timing.presentation != dts { hasCompositionOffsets = true }
        samples.append(Sample(dts: storedDTS, cts: timing.presentation - dts, size: UInt32(size), sync: key))
        byteCount += size
    }

    func buffer() -> ByteBuffer {
        if let data { return data }
        let taken = ByteBufferPool.shared.take()
        data = taken
        return taken
    }

    /// movenc converts H.264 unless its configuration starts with 1 (an avcC), HEVC only when
    /// its configuration starts with a start code.
    static func payload(configuration: UnsafeRawBufferPointer, hevc: Bool) -> Payload {
        let b = configuration
        if hevc {
            guard b.count > 6 else { return .raw }
            let three = b[0] == 0 && b[1] == 0 && b[2] == 1
            let four = b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] == 1
            return three || four ? .annexB : .raw
        }
        return b.first == 1 ? .raw : .annexB
    }

    /// The decode-time span of sample `i`: to the next sample, or for the last to the track's end.
    func duration(_ i: Int) -> Int64 {
        guard i < samples.count else { return 0 }
        let next = i + 1 == samples.count ? trackDuration + (startDTS ?? 0) : samples[i + 1].dts
        return next - samples[i].dts
    }

    /// A last sample without a duration gets its predecessor's (what movenc guesses).
    func closeLastSample() {
        guard samples.count > 1, duration(samples.count - 1) == 0 else { return }
        trackDuration += duration(samples.count - 2)
    }

    /// Takes over another track's time line (no fragment open in either).
    func adopt(_ timeline: Timeline) {
        startDTS = timeline.startDTS
        trackDuration = timeline.trackDuration
        hasCompositionOffsets = timeline.hasCompositionOffsets
    }

    func removeSamples() {
        samples.removeAll(keepingCapacity: true)
        byteCount = 0
        if let data { ByteBufferPool.shared.give(data) }
        data = nil
    }
}

enum FragmentError: Error, CustomStringConvertible {
    case invalidDuration(Int64)
    case compositionOffsetTooLarge(pts: Int64, dts: Int64)

    var description: String {
        switch self {
        case .invalidDuration(let d): return "a packet's duration (\(d)) is out of range"
        case .compositionOffsetTooLarge(let pts, let dts): return "PTS \(pts) is too far from DTS \(dts)"
        }
    }
}
