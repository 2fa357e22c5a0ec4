import CueDetect
import Foundation

/// The byte-level source of a local MPEG-TS file: the file is mapped window by window (read in
/// place from the page cache), indexed into access units by TSIndexer and scanned for SCTE-35 by
/// the same section scanner the libavformat path tees, with no demux. libavformat only probed
/// the file once, for the stream table and codec strings. Paired with TSSegmentAssembler; or,
/// with a `TSUnitDemuxer`, a source of demuxed packets for libavformat's muxers (fMP4 output).
final class TSEventSource: EventSource {
    let streams: InputStreams
    let input: TSInputWindow
    let indexer = TSIndexer()
    private let feed = InBandCueFeed()
    private var events: TSUnitEvents
    /// Hands video and audio over as demuxed packets (and drops every other PID) when set.
    private let demuxer: TSUnitDemuxer?
    private var window: Int64 = 0
    private var slice = 0
    private var units: [TSAccessUnit] = []
    private var ended = false
    /// Where the assembler still needs input from; everything before it is unmapped.
    var oldestNeeded: () -> Int64? = { nil }
    /// Notices where the file's clock restarts (then `next()` throws `TimestampReset`).
    private var clock = TimestampResetWatch()
    /// The damage the indexer met, one warning at the end of the file.
    private var damage: TSDamageReport

    /// Window slices fed at a time: small enough that a cue is never more than ~1 s of a 4 Mbps
    /// stream ahead of the media around it.
    private static let slices = 4

    /// - Parameter demuxing: hand video and audio over as demuxed packets, every video stream
    ///   a rendition of its own (see `TSUnitDemuxer.covers`).
    ///   `ownBytes`: as Swift byte arrays, for pkgctl's own fMP4 muxer (no FFmpeg at all).
    init(path: String, probed: InputStreams, demuxing: Bool = false, ownBytes: Bool = false) throws {
        streams = probed
        input = try TSInputWindow(mappingFile: path)
        indexer.cueScan = TSCueScan()
        events = TSUnitEvents(streams: probed)
        damage = TSDamageReport(input: probed.url, interval: nil)
        demuxer = demuxing ? TSUnitDemuxer(input: input, grid: indexer.grid, streams: probed, ownBytes: ownBytes) : nil
        // A demuxed unit's bytes are copied out as it is handed over, or its window held until
        // they are written (`TSUnitElementaryStream`): besides those, only the units the indexer
        // has not finished are still needed.
        if demuxing {
            oldestNeeded = { [unowned self] in self.indexer.oldestOpenOffset ?? self.input.fileWindowStart(self.window) }
        }
    }

    var isDemuxing: Bool { demuxer != nil }

    /// Audio bytes that were no part of any ADTS frame (damage: a lost sync word, a frame cut
    /// short) are left out of the demuxed packets; at the end of input a warning says how many.
    private var skippedAudioWarning: [PipelineEvent] {
        guard let skipped = demuxer?.skippedAudioBytes, skipped > 0 else { return [] }
        return [.warning("\(skipped) byte(s) of AAC audio in '\(streams.url)' outside any ADTS frame dropped (damaged or cut-off frames)")]
    }

    var firstVideoTicks: Int64? { feed.firstVideoTicks }
    var progress: InputProgress? { InputProgress(bytesRead: feed.bytesObserved, firstVideo: events.firstVideoPTS, videoEnd: events.lastVideoEnd) }

    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        units.removeAll(keepingCapacity: true)
        guard let bytes = try input.fileWindow(window) else {
            ended = true
            indexer.finish(into: &units)
            let last = try feed.finish().map(PipelineEvent.cue) + media(units)
            return last + damage.warning(indexer.stats, now: 0, force: true) + skippedAudioWarning
                + [.end(lastVideoEnd: events.lastVideoEnd ?? feed.latestVideoTicks)]
        }
        let size = (bytes.count + Self.slices - 1) / Self.slices
        let part = UnsafeRawBufferPointer(rebasing: bytes[(slice * size)..<min(bytes.count, (slice + 1) * size)])
        indexer.feed(part, into: &units)
        feed.take(indexer.cueScan?.take() ?? [], bytes: part.count)
        try checkVideoClock(units)
        // Before the window moves on: a demuxed unit's bytes are read now.
        let out = try feed.drain().map(PipelineEvent.cue) + media(units)
        slice += 1
        if slice == Self.slices || slice * size >= bytes.count {
            slice = 0
            window += 1
            if let oldest = oldestNeeded() { input.release(before: oldest) }
        }
        return out
    }

    private func media(_ units: [TSAccessUnit]) throws -> [PipelineEvent] {
        guard let demuxer else { return units.map { events.event($0) } }
        var out: [PipelineEvent] = []
        out.reserveCapacity(units.count)
        for unit in units {
            let placed = events.packet(unit)
            guard placed.role != .passthrough else { continue }
            for media in try demuxer.packets(of: unit, placed: placed) {
                events.note(media)
                out.append(.packet(media))
            }
        }
        return out
    }

    private func checkVideoClock(_ units: [TSAccessUnit]) throws {
        for unit in units where events.isLeadingVideo(unit) {
            guard let pts = unit.pts else { continue }
            clock.observe(pts)
            if let reset = clock.reset { throw reset }
        }
    }
}
