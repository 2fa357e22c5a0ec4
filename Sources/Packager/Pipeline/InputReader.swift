import CueDetect
import Foundation

/// Where a pipeline's events come from: an InputReader over libavformat, or any other source of
/// the same events (a stitched HLS presentation). `next()` returns the events of one read, in
/// input order, ending with `.end`, then nil.
protocol EventSource: AnyObject {
    var streams: InputStreams { get }
    var firstVideoTicks: Int64? { get }
    /// How far the source has read (nil: it does not measure).
    var progress: InputProgress? { get }
    /// After a read: the PTS of the leading video where the input is expected to end
    /// (`InputEndForecast`), nil when that is not known (a stream, a pipe).
    func forecastEnd() -> Int64?
    func next() throws -> [PipelineEvent]?
}

extension EventSource {
    var progress: InputProgress? { nil }
    func forecastEnd() -> Int64? { nil }
}

/// The one read loop of every mode (vod, live, cues, and the HLS source after it): libavformat
/// demux with the TS section scanner on the tee, libavformat's own `scte_35` packets reconciled
/// with the scanner, PIDs added by a later PMT re-tracked, packet times unwrapped — out come
/// pipeline events in input order, so every cue precedes the media that follows it in the file.
final class InputReader: EventSource {
    enum Mode {
        /// Video and audio packets for segmenting, plus cues.
        case media
        /// Cues only: libavformat discards audio and video early (most of the demux cost); the
        /// scanner still sees every byte, so cue timing is the same.
        case cuesOnly
    }

    private(set) var streams: InputStreams { didSet { adtsChecked = Self.aacWithoutExtradata(streams) } }
    /// Audio streams whose packets must carry an ADTS header (AAC without extradata): looked up
    /// once per stream set, not per packet.
    private var adtsChecked: Set<Int> = []
    /// Follow a PMT that replaces the programme's streams (live); otherwise keep the first ones.
    var followsProgrammeChanges = false
    /// Throw `TimestampReset` where the video clock jumps (VOD of a local TS file, which is then
    /// read again as stitched).
    var stopsAtTimestampReset = false
    private let demuxer: MediaDemuxer
    private var programme: ProgrammeWatch
    private var lastChange: ProgrammeChange?
    private var sanitizer = PacketSanitizer<MediaPacket>()
    private let feed = InBandCueFeed()
    private var endForecast = InputEndForecast()
    private let mode: Mode
    private var clock: PacketClock
    private var wanted: Set<Int>
    private var lastVideoEnd: Int64?
    private var firstVideoPTS: Int64?
    private var ended = false

    /// - Parameters:
    ///   - recording: keeps a copy of the bytes read while probing, for a byte-level reader that
    ///     takes the input over (`handOverInput()`).
    ///   - continuing: an input the byte-level reader handed back, to probe and read on.
    init(url: String, options: [String: String] = [:], interrupt: InterruptFlag? = nil, mode: Mode,
         recording: ProbeRecording? = nil, continuing: TeeIOContext? = nil) throws {
        let feed = self.feed
        demuxer = try MediaDemuxer(url: url, options: options, interrupt: interrupt, observer: { bytes in
            feed.observe(bytes)
            recording?.record(bytes)
        }, continuing: continuing)
        recording?.stop()
        self.mode = mode
        let videos = demuxer.streams.filter { $0.kind == .video }
        var audio = demuxer.streams.filter { $0.kind == .audio }
        if mode == .media, videos.isEmpty {
            throw InputError.noVideo(input: url, streams: demuxer.streams.map { "\($0.kind.rawValue) \($0.codecName)" })
        }
        let probed = demuxer
        let undescribed = mode == .media ? audio.filter { !InputReader.isDescribed($0, probed) } : []
        audio.removeAll { stream in undescribed.contains { $0.index == stream.index } }
        wanted = mode == .media ? Set((videos + audio).map(\.index)) : []
        streams = try Self.describe(demuxer, videos: videos, audio: audio, snapshot: mode == .media)
        streams.notes = undescribed.map { Self.leftOutNote($0, input: url) }
        adtsChecked = Self.aacWithoutExtradata(streams)
        programme = ProgrammeWatch(media: videos + audio)
        clock = PacketClock(streams: demuxer.streams)
        feed.track(demuxer.streams)
        if mode == .cuesOnly { discardMedia() }
    }

    /// Whether libavformat's probe gave an audio stream a sample rate and channel count. One it
    /// did not (an AAC PID the PMT declares but whose frames the probe never met) cannot be
    /// muxed — the muxers refuse the header, which failed a whole VOD title and, live, every
    /// reopen — and is left out, as the byte-level engine leaves it out of CODECS.
    private static func isDescribed(_ stream: StreamInfo, _ demuxer: MediaDemuxer) -> Bool {
        demuxer.codecDescriptions(indices: [stream.index]).first.map { $0.sampleRate > 0 && $0.channels > 0 } ?? false
    }

    private static func leftOutNote(_ stream: StreamInfo, input: String) -> String {
        "input '\(input)': audio stream \(stream.index) (\(stream.codecName), id 0x\(String(stream.id, radix: 16))) is left out: "
            + "probing found none of its frames, so nothing gives its sample rate and channels"
    }

    private static func describe(_ demuxer: MediaDemuxer, videos: [StreamInfo], audio: [StreamInfo],
                                 snapshot: Bool) throws -> InputStreams {
        let indices = videos.map(\.index) + audio.map(\.index)
        return InputStreams(
            all: demuxer.streams, videos: videos, audio: audio,
            parameters: try CodecParametersSnapshot(demuxer: demuxer, streams: snapshot ? indices : []),
            variants: videos.map { v in
                VariantDescription(codecs: CodecString.list(demuxer.codecDescriptions(indices: [v.index] + audio.map(\.index))),
                                   resolution: v.width > 0 ? (v.width, v.height) : nil,
                                   frameRate: demuxer.frameRate(streamIndex: v.index))
            },
            formatName: demuxer.formatName, url: demuxer.url, creationTime: demuxer.creationTime, chapters: demuxer.chapters,
            startTicks: demuxer.startTicks)
    }

    var scanStats: TSScanStats { feed.scanStats }
    var reconcileStats: SectionReconciler.Stats { feed.reconcileStats }
    var firstVideoTicks: Int64? { feed.firstVideoTicks }
    var progress: InputProgress? { InputProgress(bytesRead: feed.bytesObserved, firstVideo: firstVideoPTS, videoEnd: lastVideoEnd) }
    func forecastEnd() -> Int64? {
        endForecast.endPTS(size: demuxer.inputSize, bytesRead: feed.bytesObserved, videoEnd: lastVideoEnd)
    }

    /// The events of the next read; at the end of input the last cues and `.end`, then nil.
    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        guard let packet = DemuxedPacket() else { throw InputError.outOfMemory(input: demuxer.url) }
        guard try demuxer.read(into: packet) else {
            ended = true
            sanitizer.finish()
            let end = lastVideoEnd ?? feed.latestVideoTicks
            let cues = feed.finish()
            try checkClock()
            return cues.map(PipelineEvent.cue) + dropSummary(force: true) + [.end(lastVideoEnd: end)]
        }
        var cues = feed.drain()
        try checkClock()
        var events: [PipelineEvent] = []
        if demuxer.refreshStreams() {
            feed.track(demuxer.streams)
            if mode == .cuesOnly { discardMedia() }
            var changed = streams
            changed.all = demuxer.streams
            events.append(.streams(changed))
            if followsProgrammeChanges, mode == .media {
                programme.tableChanged(all: demuxer.streams, programme: demuxer.currentProgramStreams)
            }
        }
        let isSection = feed.takeSection(packet, into: &cues)
        events += cues.map(PipelineEvent.cue)
        guard !isSection else { return events }
        if followsProgrammeChanges, programme.offer(packet) {
            guard let (change, waiting) = programme.takeReady() else { return events }
            try follow(change, headers: programme.headers)
            return events + waiting.flatMap(media) + dropSummary(force: false)
        }
        return events + media(packet) + dropSummary(force: false)
    }

    private func checkClock() throws {
        if stopsAtTimestampReset, let reset = feed.timestampReset { throw reset }
    }

    /// The events of one demuxed packet of a stream being read: none, or the packets the
    /// sanitizer lets through.
    private func media(_ packet: DemuxedPacket) -> [PipelineEvent] {
        var events: [PipelineEvent] = []
        guard wanted.contains(packet.streamIndex), let (pts, dts) = clock.times(of: packet) else { return events }
        let role: MediaPacket.Role = streams.rendition(ofVideo: packet.streamIndex).map { .video(rendition: $0) } ?? .audio
        let needsADTS = role == .audio && adtsChecked.contains(packet.streamIndex)
        let admitted = sanitizer.admit(.init(stream: packet.streamIndex, pts: pts, dts: dts,
                                             adts: needsADTS ? (packet.prefix(7), packet.size) : nil,
                                             corruptAudio: role == .audio && packet.isCorrupt,
                                             item: MediaPacket(packet: packet, role: role, pts: pts, dts: dts)))
        for media in admitted {
            if media.role == .video(rendition: 0) {
                let end = media.pts + max(media.duration, 0)
                lastVideoEnd = max(lastVideoEnd ?? end, end)
                firstVideoPTS = min(firstVideoPTS ?? media.pts, media.pts)
            }
            events.append(.packet(media))
        }
        return events
    }

    private static func aacWithoutExtradata(_ streams: InputStreams) -> Set<Int> {
        Set(streams.all.filter { $0.codecName == "aac" && !$0.hasExtradata }.map(\.index))
    }

    /// The programme change that took effect in the last `next()`, once.
    func takeProgrammeChange() -> ProgrammeChange? {
        defer { lastChange = nil }
        return lastChange
    }

    /// Switches reading to the new programme's streams: a new timeline for the clock and the
    /// sanitizer, new codec parameters for the muxers. The variants keep their descriptions when
    /// the codecs did not change (the multivariant playlist is read once by players).
    private func follow(_ announced: ProgrammeChange, headers: [Int: [UInt8]]) throws {
        for stream in announced.new where stream.kind == .audio {
            if let header = headers[stream.index] { demuxer.adoptADTSParameters(streamIndex: stream.index, header: header) }
        }
        let indices = Set(announced.new.map(\.index))
        let change = ProgrammeChange(old: announced.old, new: demuxer.streams.filter { indices.contains($0.index) })
        let videos = change.new.filter { $0.kind == .video }
        let audio = change.new.filter { $0.kind == .audio }
        var next = try Self.describe(demuxer, videos: videos, audio: audio, snapshot: true)
        if change.old.map(\.codecName) == change.new.map(\.codecName), next.variants.count == streams.variants.count {
            next.variants = streams.variants
        }
        streams = next
        wanted = Set(change.new.map(\.index))
        resetClock()
        sanitizer = PacketSanitizer()
        lastChange = change
    }

    private func dropSummary(force: Bool) -> [PipelineEvent] {
        sanitizer.summary(input: demuxer.url, now: lastVideoEnd ?? 0, force: force)
    }

    /// Ends this reader and gives its input, positioned after the probe, to a byte-level reader.
    func handOverInput() -> TeeIOContext? {
        ended = true
        return demuxer.detachInput()
    }

    /// Forget the timestamp timeline (an encoder restart begins a new one).
    func resetClock() {
        clock = PacketClock(streams: demuxer.streams)
        lastVideoEnd = nil
    }

    private func discardMedia() {
        for s in demuxer.streams where !s.isSCTE35 { demuxer.discard(streamIndex: s.index) }
    }
}

/// Why an input cannot be read as a programme.
public enum InputError: Error, CustomStringConvertible, Equatable {
    case noVideo(input: String, streams: [String])
    case outOfMemory(input: String)

    public var description: String {
        switch self {
        case let .noVideo(input, streams):
            return "'\(input)' has no video stream to segment (streams: \(streams.isEmpty ? "none" : streams.joined(separator: ", ")))"
        case let .outOfMemory(input): return "out of memory while reading '\(input)'"
        }
    }
}
