import CueDetect
import Foundation

/// One open input: demuxes it, feeds cues and packets to the current epoch, paces file inputs
/// in real time, and starts a new epoch when the timestamps jump (encoder restart).
final class LiveInputSession {
    enum End { case interrupted, endOfFile, failed(Error) }

    private let options: LiveOptions
    private let interrupt: InterruptFlag
    private let stallSeconds: Double
    private let feed = InBandCueFeed()
    private let demuxer: MediaDemuxer
    /// The leading (first) video stream: its timestamps pace the input and detect resets.
    private let video: StreamInfo
    private let videos: [StreamInfo]
    private let audio: [Int]
    /// A jump larger than this between consecutive video timestamps is a timestamp reset.
    private static let resetThreshold: Int64 = 10 * 90_000

    init(options: LiveOptions, interrupt: InterruptFlag, stallSeconds: Double) throws {
        self.options = options
        self.interrupt = interrupt
        self.stallSeconds = stallSeconds
        interrupt.interrupt(after: Date().addingTimeInterval(max(stallSeconds, 10)))
        defer { interrupt.interrupt(after: nil) }
        demuxer = try MediaDemuxer(url: options.input == "-" ? "pipe:0" : options.input, options: options.inputOptions,
                                   interrupt: interrupt, observer: feed.observe)
        guard let v = demuxer.streams.first(where: { $0.kind == .video }) else { throw LiveError.noVideo(options.input) }
        video = v
        videos = demuxer.streams.filter { $0.kind == .video }
        audio = demuxer.streams.filter { $0.kind == .audio }.map(\.index)
        feed.track(demuxer.streams)
    }

    var formatName: String { demuxer.formatName }

    func run(publisher: LivePublisher, discontinuity: Bool) -> End {
        var epoch: LiveEpoch
        do {
            epoch = try LiveEpoch(options: options, publisher: publisher, demuxer: demuxer, videos: videos, audio: audio,
                                  discontinuity: discontinuity)
        } catch {
            return .failed(error)
        }
        var clock = PacketClock()
        let wanted = Set(videos.map(\.index) + audio)
        var pacing: (wall: Date, ticks: Int64)?
        var end = End.endOfFile
        while true {
            guard let packet = DemuxedPacket() else { end = .failed(LiveError.noVideo("out of memory")); break }
            interrupt.interrupt(after: Date().addingTimeInterval(stallSeconds))
            let more: Bool
            do {
                more = try demuxer.read(into: packet)
            } catch {
                end = interrupt.isRaised && !interruptedByStall ? .interrupted : .failed(error)
                break
            }
            guard more else { break }
            var cues = feed.drain()
            let isSection = feed.takeSection(packet, into: &cues)
            for cue in cues { epoch.ingest(cue) }
            if isSection { continue }
            let index = packet.streamIndex
            guard wanted.contains(index), let (pts, dts) = clock.times(of: packet) else { continue }
            let isVideo = index == video.index
            do {
                if isVideo, let last = epoch.lastVideoTicks, abs(pts - last) > Self.resetThreshold {
                    publisher.log.warn(.input, ["action": "timestamp_reset", "from": .int(Int(last)), "to": .int(Int(pts))])
                    try epoch.finish()
                    epoch = try LiveEpoch(options: options, publisher: publisher, demuxer: demuxer, videos: videos,
                                          audio: audio, discontinuity: true)
                    clock.reset()
                    pacing = nil
                    continue
                }
                if isVideo, options.realtime { pace(pts, &pacing) }
                try epoch.consume(packet, pts: pts, dts: dts, isVideo: isVideo)
            } catch {
                end = .failed(error)
                break
            }
            if interrupt.isRaised, !interruptedByStall { end = .interrupted; break }
        }
        interrupt.interrupt(after: nil)
        do {
            try epoch.finish()
        } catch {
            publisher.log.error(.publish, ["action": "finish epoch", "error": .string(String(describing: error))])
        }
        return end
    }

    /// Whether the raised interrupt is only the stall deadline (input lost), not a shutdown.
    private var interruptedByStall: Bool { interrupt.stalled }

    /// Sleeps so that media time advances no faster than wall time × speed.
    private func pace(_ pts: Int64, _ pacing: inout (wall: Date, ticks: Int64)?) {
        guard let p = pacing else { pacing = (Date(), pts); return }
        let due = p.wall.addingTimeInterval(Double(pts - p.ticks) / 90_000 / max(options.speed, 0.01))
        while !interrupt.isRaised {
            let wait = due.timeIntervalSinceNow
            if wait <= 0 { break }
            Thread.sleep(forTimeInterval: min(wait, 0.1))
        }
    }
}
