import CueDetect
import Foundation

/// The reading half of `pkgctl vod`, on its own thread: libavformat demux with the TS scanner
/// on the tee, cue reconciliation, and the packets the segmenter needs — in input order, so
/// every cue reaches the segmenting thread before the media that follows it in the file.
final class VodDemuxStage: @unchecked Sendable {
    enum Work {
        case cues([DetectedCue])
        case packet(DemuxedPacket)
        case finished(lastVideoTicks: Int64?)
        case failed(Error)
    }

    let pipe = WorkPipe<Work>(capacity: 512)
    private let demuxer: MediaDemuxer
    private let feed: InBandCueFeed
    private let wanted: Set<Int>
    private let thread: Thread
    private let stop = InterruptFlag()

    init(demuxer: MediaDemuxer, feed: InBandCueFeed, wanted: Set<Int>) {
        self.demuxer = demuxer
        self.feed = feed
        self.wanted = wanted
        let pipe = self.pipe
        let stop = self.stop
        thread = Thread { [demuxer, feed, wanted] in
            VodDemuxStage.read(demuxer: demuxer, feed: feed, wanted: wanted, stop: stop, into: pipe)
        }
        thread.name = "pkgctl-demux"
    }

    func start() { thread.start() }

    /// The segmenting side failed: stop reading (what is already queued is drained and dropped).
    func cancel() { stop.raise() }

    private static func read(demuxer: MediaDemuxer, feed: InBandCueFeed, wanted: Set<Int>, stop: InterruptFlag,
                             into pipe: WorkPipe<Work>) {
        defer { pipe.close() }
        feed.track(demuxer.streams)
        do {
            while !stop.isRaised {
                guard let packet = DemuxedPacket() else {
                    throw FFmpegError(operation: "allocate a packet for", input: demuxer.url, code: -12)
                }
                guard try demuxer.read(into: packet) else { break }
                var cues = feed.drain()
                let isSection = feed.takeSection(packet, into: &cues)
                if !cues.isEmpty { pipe.push(.cues(cues)) }
                if !isSection, wanted.contains(packet.streamIndex) { pipe.push(.packet(packet)) }
            }
            let last = feed.latestVideoTicks
            pipe.push(.cues(feed.finish()))
            pipe.push(.finished(lastVideoTicks: last))
        } catch {
            pipe.push(.failed(error))
        }
    }
}
