/// Keeps packets that damaged input made unmuxable away from the muxers, per stream, so one bad
/// packet costs that packet and never the input (a muxer error used to end the session: a
/// reconnect, seconds of media lost and a needless DISCONTINUITY).
///
/// A corrupted PES header gives one packet a timestamp far from its neighbours; a real timestamp
/// reset (an encoder restart) gives every later packet the new timeline. Both look the same on the
/// first packet, so a packet off the stream's timeline is held until `confirmations` packets
/// continue from it (a new timeline: all are released, in order) or the next packet continues the
/// old one (an outlier: the held ones are dropped). Packets are also dropped when their DTS does
/// not advance or their PTS precedes their DTS (muxers reject both), and AAC frames that carry no
/// ADTS header when the stream has no extradata (the TS muxer rejects them: a truncated frame),
/// and audio frames libavformat flagged corrupt (a hole inside the frame: noise, or a decoder
/// error). Damaged video frames go on, as with `ffmpeg -c copy`: the decoder conceals them, and a
/// damaged keyframe still starts its GOP.
struct PacketSanitizer<Item> {
    enum Reason: String, CaseIterable {
        case timestampOutlier = "timestamp_outlier"
        case dtsNotIncreasing = "dts_not_increasing"
        case ptsBeforeDTS = "pts_before_dts"
        case badADTS = "bad_adts"
        case corruptAudio = "corrupt_audio"
    }

    /// One packet as the sanitizer judges it.
    struct Candidate {
        var stream: Int
        var pts: Int64
        var dts: Int64
        /// AAC without extradata: the first bytes and the size, to check the ADTS header.
        var adts: (header: [UInt8], size: Int)?
        /// An audio packet libavformat flagged corrupt.
        var corruptAudio = false
        var item: Item
    }

    /// A step between consecutive DTS of one stream larger than this (or none, or backwards)
    /// leaves the stream's timeline: 2 s, more than a burst of UDP loss takes out of a stream.
    static var maximumStep: Int64 { 2 * 90_000 }
    static var confirmations: Int { 3 }

    private var lastDTS: [Int: Int64] = [:]
    private var held: [Int: [(dts: Int64, item: Item)]] = [:]
    private(set) var dropped: [Reason: Int] = [:]

    var droppedTotal: Int { dropped.values.reduce(0, +) }

    /// The packets that may go on now, in order: none (dropped or held), this one, or a held run
    /// that a new timeline confirmed.
    mutating func admit(_ packet: Candidate) -> [Item] {
        if packet.corruptAudio { return drop(.corruptAudio) }
        if let adts = packet.adts, !Self.isADTSFrame(adts.header, size: adts.size) { return drop(.badADTS) }
        if packet.pts < packet.dts || packet.pts - packet.dts > Self.maximumStep { return drop(.ptsBeforeDTS) }
        let stream = packet.stream
        guard let last = lastDTS[stream] else {
            lastDTS[stream] = packet.dts
            return [packet.item]
        }
        let step = packet.dts - last
        if step > 0, step <= Self.maximumStep {
            if let outliers = held.removeValue(forKey: stream) { dropped[.timestampOutlier, default: 0] += outliers.count }
            lastDTS[stream] = packet.dts
            return [packet.item]
        }
        if var run = held[stream], let tail = run.last {
            let along = packet.dts - tail.dts
            if along > 0, along <= Self.maximumStep {
                run.append((packet.dts, packet.item))
                guard run.count >= Self.confirmations else { held[stream] = run; return [] }
                held[stream] = nil
                lastDTS[stream] = packet.dts
                return run.map(\.item)
            }
            dropped[.timestampOutlier, default: 0] += run.count
        }
        if step == 0 || (step < 0 && step >= -Self.maximumStep) {
            // Just behind the timeline (a duplicate or a damaged DTS): never a new timeline.
            held[stream] = nil
            return drop(.dtsNotIncreasing)
        }
        held[stream] = [(packet.dts, packet.item)]
        return []
    }

    /// The packets held now, waiting for their timeline to be confirmed (usually none).
    var heldItems: [Item] { held.isEmpty ? [] : held.values.flatMap { $0.map(\.item) } }

    /// Packets still held at the end of input: a timeline that never got confirmed.
    mutating func finish() {
        for (_, run) in held { dropped[.timestampOutlier, default: 0] += run.count }
        held = [:]
    }

    /// Reported counts since the last call, e.g. "2 timestamp_outlier, 1 bad_adts" (nil: none).
    /// One `.warning` naming what was dropped from `input`, at most once per 10 s of media
    /// (`now`: the media time read so far); `force` at the end of input.
    mutating func summary(input: String, now: Int64, force: Bool) -> [PipelineEvent] {
        guard spacing.isDue(at: now, force: force), let summary = takeSummary() else { return [] }
        spacing.sent(at: now)
        return [.warning("input '\(input)': \(summary.count) damaged packet(s) dropped (\(summary.text))")]
    }

    private var spacing = WarningSpacing(ticks: 10 * 90_000)

    mutating func takeSummary() -> (count: Int, text: String)? {
        let total = droppedTotal
        guard total > 0 else { return nil }
        let text = Reason.allCases.compactMap { r in dropped[r].map { "\($0) \(r.rawValue)" } }.joined(separator: ", ")
        dropped = [:]
        return (total, text)
    }

    /// An ADTS header (syncword 0xFFF, layer 0) whose frame length is the packet's size.
    static func isADTSFrame(_ header: [UInt8], size: Int) -> Bool {
        guard header.count >= 7, header[0] == 0xFF, header[1] & 0xF6 == 0xF0 else { return false }
        let length = (Int(header[3] & 0x03) << 11) | (Int(header[4]) << 3) | (Int(header[5]) >> 5)
        return length == size
    }

    private mutating func drop(_ reason: Reason) -> [Item] {
        dropped[reason, default: 0] += 1
        return []
    }
}
