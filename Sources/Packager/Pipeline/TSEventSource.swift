import CueDetect
import Foundation

/// The byte-level source of a local MPEG-TS file: the file is mapped window by window (read in
/// place from the page cache), indexed into access units by TSIndexer and scanned for SCTE-35 by
/// the same section scanner the libavformat path tees, with no demux. libavformat only probed
/// the file once, for the stream table and codec strings. Paired with TSSegmentAssembler.
final class TSEventSource: EventSource {
    let streams: InputStreams
    let input: TSInputWindow
    let indexer = TSIndexer()
    private let feed = InBandCueFeed()
    /// Roles by PID (all 8192, nil: passthrough): the first video stream leads (the byte-level
    /// path carries one rendition). An array, read twice per access unit.
    private let roles: [MediaPacket.Role?]
    private var window: Int64 = 0
    private var slice = 0
    private var units: [TSAccessUnit] = []
    private var lastVideoEnd: Int64?
    private var firstVideoPTS: Int64?
    private var ended = false
    /// Where the assembler still needs input from; everything before it is unmapped.
    var oldestNeeded: () -> Int64? = { nil }
    /// Notices where the file's clock restarts (then `next()` throws `TimestampReset`).
    private var clock = TimestampResetWatch()

    /// Window slices fed at a time: small enough that a cue is never more than ~1 s of a 4 Mbps
    /// stream ahead of the media around it.
    private static let slices = 4

    init(path: String, probed: InputStreams) throws {
        streams = probed
        input = try TSInputWindow(mappingFile: path)
        var roles = [MediaPacket.Role?](repeating: nil, count: 8192)
        if let video = probed.videos.first, (0..<8192).contains(video.id) { roles[video.id] = .video(rendition: 0) }
        for audio in probed.audio where (0..<8192).contains(audio.id) { roles[audio.id] = .audio }
        self.roles = roles
    }

    var firstVideoTicks: Int64? { feed.firstVideoTicks }
    var progress: InputProgress? { InputProgress(bytesRead: feed.bytesObserved, firstVideo: firstVideoPTS, videoEnd: lastVideoEnd) }

    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        units.removeAll(keepingCapacity: true)
        guard let bytes = try input.fileWindow(window) else {
            ended = true
            indexer.finish(into: &units)
            let events = feed.finish().map(PipelineEvent.cue) + units.map(event)
            return events + [.end(lastVideoEnd: lastVideoEnd ?? feed.latestVideoTicks)]
        }
        let size = (bytes.count + Self.slices - 1) / Self.slices
        let part = UnsafeRawBufferPointer(rebasing: bytes[(slice * size)..<min(bytes.count, (slice + 1) * size)])
        feed.observe(part)
        indexer.feed(part, into: &units)
        try checkVideoClock(units)
        slice += 1
        if slice == Self.slices || slice * size >= bytes.count {
            slice = 0
            window += 1
            if let oldest = oldestNeeded() { input.release(before: oldest) }
        }
        return feed.drain().map(PipelineEvent.cue) + units.map(event)
    }

    private func checkVideoClock(_ units: [TSAccessUnit]) throws {
        for unit in units where unit.kind == .video && roles[unit.pid] == .video(rendition: 0) {
            guard let pts = unit.pts else { continue }
            clock.observe(pts)
            if let reset = clock.reset { throw reset }
        }
    }

    private func event(_ unit: TSAccessUnit) -> PipelineEvent {
        let role = roles[unit.pid] ?? .passthrough
        let pts = unit.pts ?? unit.dts ?? lastVideoEnd ?? 0
        let dts = unit.dts ?? pts
        if role == .video(rendition: 0), unit.pts != nil {
            let end = pts + max(unit.duration, 0)
            lastVideoEnd = max(lastVideoEnd ?? end, end)
            firstVideoPTS = min(firstVideoPTS ?? pts, pts)
        }
        // Video and audio without a timestamp cannot be placed by time: they go by position.
        let placed: MediaPacket.Role = unit.pts == nil && role != .passthrough ? .passthrough : role
        return .packet(MediaPacket(unit: unit, role: placed, pts: pts, dts: dts))
    }
}
