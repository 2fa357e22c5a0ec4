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
    func next() throws -> [PipelineEvent]?
}

extension EventSource {
    var progress: InputProgress? { nil }
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

    let streams: InputStreams
    private let demuxer: MediaDemuxer
    private let feed = InBandCueFeed()
    private let mode: Mode
    private var clock: PacketClock
    private var wanted: Set<Int>
    private var lastVideoEnd: Int64?
    private var firstVideoPTS: Int64?
    private var ended = false

    init(url: String, options: [String: String] = [:], interrupt: InterruptFlag? = nil, mode: Mode) throws {
        let feed = self.feed
        demuxer = try MediaDemuxer(url: url, options: options, interrupt: interrupt, observer: feed.observe)
        self.mode = mode
        let videos = demuxer.streams.filter { $0.kind == .video }
        let audio = demuxer.streams.filter { $0.kind == .audio }
        if mode == .media, videos.isEmpty {
            throw InputError.noVideo(input: url, streams: demuxer.streams.map { "\($0.kind.rawValue) \($0.codecName)" })
        }
        let indices = videos.map(\.index) + audio.map(\.index)
        wanted = mode == .media ? Set(indices) : []
        let demuxer = self.demuxer
        streams = InputStreams(
            all: demuxer.streams, videos: videos, audio: audio,
            parameters: try CodecParametersSnapshot(demuxer: demuxer, streams: mode == .media ? indices : []),
            variants: videos.map { v in
                VariantDescription(codecs: CodecString.list(demuxer.codecDescriptions(indices: [v.index] + audio.map(\.index))),
                                   resolution: v.width > 0 ? (v.width, v.height) : nil,
                                   frameRate: demuxer.frameRate(streamIndex: v.index))
            },
            formatName: demuxer.formatName, url: url, creationTime: demuxer.creationTime, chapters: demuxer.chapters,
            startTicks: demuxer.startTicks)
        clock = PacketClock(streams: demuxer.streams)
        feed.track(demuxer.streams)
        if mode == .cuesOnly { discardMedia() }
    }

    var scanStats: TSScanStats { feed.scanStats }
    var reconcileStats: SectionReconciler.Stats { feed.reconcileStats }
    var firstVideoTicks: Int64? { feed.firstVideoTicks }
    var progress: InputProgress? { InputProgress(bytesRead: feed.bytesObserved, firstVideo: firstVideoPTS, videoEnd: lastVideoEnd) }

    /// The events of the next read; at the end of input the last cues and `.end`, then nil.
    func next() throws -> [PipelineEvent]? {
        guard !ended else { return nil }
        guard let packet = DemuxedPacket() else { throw InputError.outOfMemory(input: demuxer.url) }
        guard try demuxer.read(into: packet) else {
            ended = true
            let end = lastVideoEnd ?? feed.latestVideoTicks
            return feed.finish().map(PipelineEvent.cue) + [.end(lastVideoEnd: end)]
        }
        var cues = feed.drain()
        var events: [PipelineEvent] = []
        if demuxer.refreshStreams() {
            feed.track(demuxer.streams)
            if mode == .cuesOnly { discardMedia() }
            var changed = streams
            changed.all = demuxer.streams
            events.append(.streams(changed))
        }
        let isSection = feed.takeSection(packet, into: &cues)
        events += cues.map(PipelineEvent.cue)
        guard !isSection, wanted.contains(packet.streamIndex), let (pts, dts) = clock.times(of: packet) else { return events }
        if let rendition = streams.rendition(ofVideo: packet.streamIndex) {
            if rendition == 0 {
                let end = pts + max(packet.duration, 0)
                lastVideoEnd = max(lastVideoEnd ?? end, end)
                firstVideoPTS = min(firstVideoPTS ?? pts, pts)
            }
            events.append(.packet(MediaPacket(packet: packet, role: .video(rendition: rendition), pts: pts, dts: dts)))
        } else {
            events.append(.packet(MediaPacket(packet: packet, role: .audio, pts: pts, dts: dts)))
        }
        return events
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
