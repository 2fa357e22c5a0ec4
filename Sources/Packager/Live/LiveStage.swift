import CueDetect
import DateRangeWriter
import Foundation

/// The end of the live chain: hands segments, span decisions and cut records to the publisher
/// (which runs them through the presentation), anchors PDT on the first video frame's arrival,
/// and logs cues as they come.
final class LiveStage: PipelineStage {
    private let publisher: LivePublisher
    private let ids: () -> InterstitialIDMaker
    private let clock: () -> Date
    private var anchored = false
    private var lastTick: Date = .distantPast
    /// When the event being handled entered the channel's stages (`arrived(at:)`); nil: when a
    /// segment reaches this stage.
    private var arrival: Date?

    init(publisher: LivePublisher, ids: @escaping () -> InterstitialIDMaker, clock: @escaping () -> Date = Date.init) {
        self.publisher = publisher
        self.ids = ids
        self.clock = clock
    }

    /// The event about to be sent down the chain entered it at `time`. A segment is closed by the
    /// packet that starts the next one (or by the audio that reaches its cut), and the muxers
    /// finish it before it gets here: an fMP4 fragment is written whole when it closes, a TS
    /// segment's last buffer goes out. Its latency starts when that packet arrived, so that work
    /// counts; timed from its arrival here, an fMP4 channel's 6.5 ms fragment write and fdatasync
    /// never showed.
    func arrived(at time: Date) {
        arrival = time
    }

    func handle(_ event: PipelineEvent, next: (PipelineEvent) throws -> Void) throws {
        switch event {
        case .packet(let packet) where packet.role == .video(rendition: 0):
            let now = clock()
            if !anchored {
                anchored = true
                let wall = Int64((now.timeIntervalSince1970 * 1000).rounded())
                publisher.update { p, _ in
                    p.anchor(ticks: packet.pts, wallMillis: wall)
                    return []
                }
            }
            // Deadlines (a segment the sink has not confirmed) and deletions, a few times a second.
            if now.timeIntervalSince(lastTick) >= 0.25 {
                lastTick = now
                publisher.update { p, now in p.tick(now: now) }
            }
        case .cue(let cue):
            publisher.metrics?.cueDetected()
            publisher.log.info(.cue, ["command": .string(cue.commandName), "crc_ok": .bool(cue.section?.crcOK ?? false),
                                      "base64": .string(Data(cue.bytes).base64EncodedString())])
            publisher.update { p, _ in p.cue(cue) }
        case .span(let decision):
            let ids = ids()
            publisher.update { p, now in
                p.note(ids: ids)
                return p.decision(decision, now: now)
            }
        case .cut(let record):
            publisher.update { p, now in p.record(record, now: now) }
        case .segment(let segment):
            publisher.segment(segment, receivedAt: arrival ?? clock())
        case .warning(let text):
            publisher.log.warn(.segment, ["warning": .string(text)])
        case .spliced(let record):
            publisher.log.info(.splice, record.logFields)
        default:
            break
        }
        try next(event)
    }
}
