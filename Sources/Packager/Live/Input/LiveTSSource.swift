import CueDetect
import Foundation

/// The byte-level source of a live MPEG-TS input (`segments.engine: auto`): pkgctl's own probe
/// (a file, pipe or UDP input pkgctl reads itself, `LiveByteInput`) or libavformat (any other
/// protocol) reads the stream table and codec strings from the input's first bytes, then hands
/// the input over; from there its bytes are read as they arrive, kept in a window of chunks,
/// indexed into access units by TSIndexer and scanned for SCTE-35, with no demux, no parser and
/// no remux (TSSegmentAssembler cuts the input's own packets). The bytes read while probing are
/// replayed first, so nothing the encoder sent is skipped.
///
/// Why: a live channel through libavformat cost 0.24–0.27 % of a core per 4 Mbps rendition,
/// about a quarter of it libavcodec's H.264 parser inside the TS demuxer (callgrind, 2026-12-02).
///
/// A PMT that changes the programme's audio or video streams ends the session with
/// `LiveTSSourceError.programmeChanged`; the channel hands the input back (`handBack()`) to a
/// libavformat reader, which probes the new programme from that PMT on and follows any later
/// change in place.
final class LiveTSSource: EventSource {
    let streams: InputStreams
    let input: TSInputWindow
    let indexer = TSIndexer()
    private let feed = InBandCueFeed()
    private var endForecast = InputEndForecast()
    @exclusivity(unchecked) private var events: TSUnitEvents
    private let source: LiveByteInput
    private var probe: [[UInt8]]
    /// At most this much is read at a time (a live input hands over what has arrived).
    private static let readSize = 64 * 1024
    private var units: [TSAccessUnit] = []
    private var ended = false
    /// The audio and video streams the first PMTs listed: tables listing others are a
    /// programme change.
    private var baseline: [TSProgramTable.Stream]?
    private var changed: LiveTSSourceError?
    private var sanitizer = PacketSanitizer<MediaPacket>()
    /// The damage the indexer meets, a warning at most every 10 s of media (as the sanitizer's).
    private var damage: TSDamageReport
    /// Where the assembler still needs input from; every chunk before it is freed.
    var oldestNeeded: () -> Int64? = { nil }

    /// Takes over `reader`'s input; nil when the reader was not reading through a tee.
    convenience init?(taking reader: InputReader, recording: ProbeRecording) {
        guard let tee = reader.handOverInput() else { return nil }
        self.init(source: tee, streams: reader.streams, probed: recording.take())
    }

    /// Reads `source` on from its start: `probed` are the bytes already read from it (probing).
    init(source: LiveByteInput, streams: InputStreams, probed: [[UInt8]]) {
        self.source = source
        self.streams = streams
        events = TSUnitEvents(streams: streams)
        damage = TSDamageReport(input: streams.url, interval: 10 * 90_000)
        probe = probed
        input = TSInputWindow(name: streams.url)
        indexer.cueScan = TSCueScan()
    }

    var firstVideoTicks: Int64? { feed.firstVideoTicks }
    var progress: InputProgress? {
        InputProgress(bytesRead: feed.bytesObserved, firstVideo: events.firstVideoPTS, videoEnd: events.lastVideoEnd)
    }

    func forecastEnd() -> Int64? {
        endForecast.endPTS(size: source.fileSize, bytesRead: feed.bytesObserved, videoEnd: events.lastVideoEnd)
    }

    func next() throws -> [PipelineEvent]? {
        if let changed { throw changed }
        guard !ended else { return nil }
        units.removeAll(keepingCapacity: true)
        // Released here, when every unit returned so far has reached the assembler: what it
        // still holds, what the sanitizer holds back (units off the timeline, until it is
        // confirmed), and what the indexer has not completed, stay.
        input.release(before: [oldestNeeded(), oldestHeld, indexer.oldestOpenOffset].compactMap { $0 }.min() ?? input.size)
        if !probe.isEmpty {
            let chunk = probe.removeFirst()
            chunk.withUnsafeBytes { index(input.append($0)) }
            // The probe's copies (up to a few MB) and libavformat's probing state are freed by
            // now; hand their pages back rather than carry them as the channel's resident memory.
            if probe.isEmpty { _ = LinuxFileCalls.mallocTrim?(0) }
        } else {
            let bytes = try input.appendReading(upTo: Self.readSize) { try source.read(into: $0) }
            guard !bytes.isEmpty else {
                ended = true
                indexer.finish(into: &units)
                var last = feed.finish().map(PipelineEvent.cue)
                appendAdmitted(units, atEnd: true, into: &last)
                last.append(.end(lastVideoEnd: events.lastVideoEnd ?? feed.latestVideoTicks))
                return last
            }
            index(bytes)
        }
        if let k = programmeChange() { units.removeSubrange(k...) }
        var out = feed.drain().map(PipelineEvent.cue)
        appendAdmitted(units, atEnd: false, into: &out)
        return out
    }

    /// The units' events and the damage warnings that are due (`atEnd`: the end of input, all of
    /// them), appended in place: this runs for every read, and chained `+` copied the whole
    /// array once per operand.
    private func appendAdmitted(_ units: [TSAccessUnit], atEnd: Bool, into out: inout [PipelineEvent]) {
        admit(units, into: &out)
        let now = events.lastVideoEnd ?? 0
        out += sanitizer.summary(input: streams.url, now: now, force: atEnd)
        out += damage.warning(indexer.stats, now: now, force: atEnd)
    }

    /// The first packet of the earliest unit the sanitizer holds back.
    private var oldestHeld: Int64? {
        sanitizer.heldItems.compactMap { media -> Int64? in
            if case .ts(let unit) = media.payload { return unit.firstPacket }
            return nil
        }.min()
    }

    /// The units' events, audio and video through the sanitizer the libavformat engine uses: a
    /// damaged timestamp (UDP corruption) leaves the stream's timeline, and its unit is dropped
    /// (its packets are not written) instead of stretching a segment over hours.
    private func admit(_ units: [TSAccessUnit], into out: inout [PipelineEvent]) {
        out.reserveCapacity(out.count + units.count)
        for unit in units {
            let media = events.packet(unit)
            guard media.role != .passthrough else {
                out.append(.packet(media))
                continue
            }
            for admitted in sanitizer.admit(.init(stream: unit.pid, pts: media.pts, dts: media.dts, item: media)) {
                events.note(admitted)
                out.append(.packet(admitted))
            }
        }
    }

    /// After a programme change: the input, to be read on through libavformat from the new PMT
    /// (its bytes from there replayed first), with no reopen and nothing lost.
    func handBack() -> TeeIOContext? {
        guard case .programmeChanged(_, _, _, let offset) = changed else { return nil }
        // The PAT goes first: a demuxer that meets PES before any PAT guesses streams from every
        // PID it sees, the old programme's last packets included.
        // pkgctl's own reader (file, pipe, UDP) gets an I/O context now: libavformat reads on.
        guard let tee = (source as? TeeIOContext) ?? (try? TeeIOContext(source: source)) else { return nil }
        tee.replayFirst(Self.packets(of: indexer.associationSection ?? [], pid: 0) + input.appendedBytes(from: offset))
        return tee
    }

    private static func packets(of section: [UInt8], pid: Int) -> [UInt8] {
        guard !section.isEmpty else { return [] }
        var out: [UInt8] = []
        var packet = [UInt8](repeating: 0, count: TSPacketBytes.size)
        var i = 0, cc: UInt8 = 0
        while i < section.count {
            i += packet.withUnsafeMutableBytes { q in
                q.baseAddress.map { TSPacketBytes.writeSectionPacket($0, pid: pid, cc: cc, section: section, from: i) } ?? section.count
            }
            cc = (cc &+ 1) & 0x0F
            out += packet
        }
        return out
    }

    /// Bytes now in the window, read in place.
    private func index(_ bytes: UnsafeRawBufferPointer) {
        indexer.feed(bytes, into: &units)
        feed.take(indexer.cueScan?.take() ?? [], bytes: bytes.count)
    }

    /// The index in `units` of a PMT that changes the programme's media streams (the session
    /// ends there: what came before it is delivered, the next `next()` throws).
    private func programmeChange() -> Int? {
        for (k, unit) in units.enumerated() where unit.kind == .programTable {
            // Over every programme the tables list, so a PAT naming a new PMT PID counts too.
            let media = indexer.programs.keys.sorted().flatMap { pid in
                (indexer.programs[pid]?.streams ?? []).filter { $0.kind == .video || $0.kind == .audio }
            }
            guard let known = baseline else { baseline = media.isEmpty ? nil : media; continue }
            if known != media {
                let version = indexer.programs[unit.pid]?.version ?? 0
                changed = .programmeChanged(input: streams.url, pmtPID: unit.pid, version: version, offset: unit.firstPacket)
                return k
            }
        }
        return nil
    }
}

public enum LiveTSSourceError: Error, CustomStringConvertible, Equatable {
    /// `offset`: the new PMT's first byte in the input.
    case programmeChanged(input: String, pmtPID: Int, version: Int, offset: Int64)

    public var description: String {
        switch self {
        case let .programmeChanged(input, pid, version, offset):
            return "input '\(input)': the PMT on PID \(pid) (version \(version), byte \(offset)) changed the programme's audio or "
                + "video streams; reading on from there through libavformat, which follows such changes in place"
        }
    }
}
