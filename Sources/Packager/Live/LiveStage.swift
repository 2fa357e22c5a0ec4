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

    init(publisher: LivePublisher, ids: @escaping () -> InterstitialIDMaker, clock: @escaping () -> Date = Date.init) {
        self.publisher = publisher
        self.ids = ids
        self.clock = clock
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
            publisher.segment(segment, receivedAt: clock())
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
