import CueDetect
import DateRangeWriter
import Foundation

/// `pkgctl live` for one channel: opens the input (retrying with backoff until
/// `--input-timeout`), runs epochs of continuous timestamps through the segmenter and the
/// publisher, and on SIGINT/SIGTERM finishes the current segment, saves state and returns.
public final class LiveChannel {
    public enum Outcome: Equatable {
        case stopped            // signal, or the end of a file input
        case inputLost(String)  // retries exhausted
        /// Stopped, but uploads were still pending when the shutdown budget ran out: the
        /// output lacks what they carried (an exit status of failure, "output not stored").
        case unpublished(String)
    }

    /// Seconds a stop may spend waiting for uploads, both waits together: inside the 30 s a
    /// supervisor gives before SIGKILL (systemd's TimeoutStopSec, Kubernetes'
    /// terminationGracePeriodSeconds), with room for the state save. The final version's own
    /// wait always gets `finalFlushSeconds` of it.
    static let shutdownFlushSeconds = 25.0
    static let finalFlushSeconds = 5.0

    /// Mutable for one reason: after the byte-level engine met a programme change, later
    /// sessions read through libavformat, which follows such changes in place.
    private var options: LiveOptions
    /// The input the byte-level engine handed back at a programme change, and its streams then.
    private var handedBack: (input: TeeIOContext, streams: [StreamInfo])?
    private let publisher: LivePublisher
    private let log: EventLog
    public let interrupt = InterruptFlag()
    private var retry: InputRetryPolicy
    /// How long one read may block before the input counts as lost.
    private let stallSeconds: Double

    public convenience init(options: LiveOptions, log: EventLog) throws {
        // The HTTP sink confirms uploads from its worker thread; the publisher it reports to is
        // made after it, so the hook reaches it through this box.
        let confirmations = ConfirmationHook()
        let sink: PublishSink
        let stateDirectory: URL
        if options.isHTTPOutput {
            guard let base = BaseURL.parse(options.output) else {
                throw LiveError.badOutput(options.output)
            }
            sink = try HTTPSink(base: base, options: options.http, onEvent: { [log, confirmations] event in
                log.log(event)
                confirmations.forward(event)
            })
            guard let dir = options.stateDirectory else { throw LiveError.stateDirectoryNeeded }
            stateDirectory = dir
        } else {
            let root = URL(fileURLWithPath: options.output)
            do {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            } catch {
                throw LiveError.badOutput("\(options.output): \((error as NSError).localizedDescription)")
            }
            SegmentSpool.removeStale(in: root.path)
            sink = AtomicFileSink(root: root, durability: options.durability)
            stateDirectory = options.stateDirectory ?? root
        }
        try self.init(options: options, log: log, sink: sink, stateDirectory: stateDirectory)
        confirmations.publisher = publisher
    }

    /// A channel publishing through `sink` (tests give one that records every put).
    init(options: LiveOptions, log: EventLog, sink: PublishSink, stateDirectory: URL) throws {
        self.options = options
        self.log = log
        // Each epoch reads the cue sheet again (an operator may edit it), so one that cannot be read
        // would fail every reopen and surface as a lost input after the input timeout: refuse it now.
        if let sidecar = options.sidecar { _ = try SidecarCueSource(url: sidecar).cues(near: nil) }
        let store = JournaledLiveStateStore(directory: stateDirectory, durability: options.durability)
        if options.resetState, let aside = try store.moveAside(at: Date()) {
            log.warn(.state, ["action": "reset", "moved_to": .string(aside.path)])
        }
        var state = try store.load(at: Date()) ?? LiveState(options: options)
        let resumed = state.nextSegmentIndex > 0 || state.renditionSegmentIndices.contains { $0 > 0 }
        // Names and sequences of one clock cannot continue those of the other (docs/redundancy.md).
        if resumed, (state.grid != nil) != options.clock.isMedia {
            throw LiveError.clockChanged(stateDirectory: stateDirectory.path, saved: state.grid != nil ? "media" : "wall")
        }
        if resumed {
            log.info(.state, ["action": "resume", "media_sequence": .int(state.mediaSequence(0)),
                              "next_segment": .int(state.nextSegmentIndex), "open_spans": .int(state.openSpans.count)])
        }
        state.endListed = false
        var registry: MetricsRegistry?
        var metrics: LiveMetrics?
        if options.metricsFile != nil {
            let r = MetricsRegistry()
            registry = r
            metrics = try LiveMetrics(registry: r, channel: options.channel ?? "default")
        }
        publisher = LivePublisher(presentation: LivePresentation(state: state, options: options), sink: sink, store: store,
                                  log: log, registry: registry, metrics: metrics)
        retry = InputRetryPolicy(initialDelay: 0.5, maximumDelay: 8, inputTimeout: options.inputTimeout, log: log)
        stallSeconds = min(5, max(1, options.inputTimeout / 3))
        if resumed { try completeSpansLeftOpen() }
        warnIfStripHasNoDVR()
    }

    /// Stripped spans reach a viewer at the live edge only after they aired (the primary
    /// skips them, so the player waits about span + one segment for media); what strip buys
    /// is a seekable window in which the span is its own asset. Without one that is all cost.
    private func warnIfStripHasNoDVR() {
        let strips = options.defaultPlacement == .strip || options.placementByKind.values.contains(.strip)
        let windowSeconds = options.windowSeconds ?? Double(options.windowSegments ?? 0) * options.segmentDuration
        guard strips, !options.event, windowSeconds < 600 else { return }
        log.warn(.span, ["action": "placement", "placement": "strip", "window_seconds": .double(windowSeconds),
                         "note": "live-edge viewers stall for about each stripped span; use --event or a window of 600 s or more"])
    }

    private func completeSpansLeftOpen() throws {
        publisher.update { p, now in p.completeSpansLeftOpen(now: now) }
    }

    public func run() -> Outcome {
        // FFmpeg's own messages (corrupt input, probing) go into this channel's JSON log.
        let ffmpegLog = FFmpegLogForwarder(log: log)
        ffmpegLog.start()
        var discontinuity = publisher.read { $0.state.nextSegmentIndex > 0 }
        var outcome = Outcome.stopped
        while !interrupt.isRaised {
            let session: LiveSession
            do {
                let continuing = handedBack
                handedBack = nil                       // a failed probe of it opens the input afresh
                session = try LiveSession(options: options, interrupt: interrupt, stallSeconds: stallSeconds,
                                          continuing: continuing?.input)
                if let old = continuing?.streams {
                    // The same input, read on: one line, as when libavformat follows a change in place.
                    log.warn(.input, ["action": "programme_change", "old": .string(ProgrammeChange.describe(old)),
                                      "new": .string(ProgrammeChange.describe(session.mediaStreams)),
                                      "engine": .string(session.engineName)])
                } else {
                    log.info(.input, ["action": "open", "url": .string(options.input), "format": .string(session.formatName),
                                      "engine": .string(session.engineName)])
                }
                for note in session.streamNotes { log.warn(.input, ["action": "stream_left_out", "note": .string(note)]) }
            } catch {
                publisher.metrics?.inputError()
                guard let delay = retry.nextDelay(afterFailure: error, now: Date()) else {
                    outcome = .inputLost(String(describing: error))
                    break
                }
                sleepInterruptibly(delay)
                continue
            }
            // An outage ends when media flows again, not when the input opens: an input that opens
            // and fails at once (a stream no muxer takes) would otherwise reset the backoff and the
            // input timeout at every attempt, and be retried twice a second for ever.
            let end = session.run(publisher: publisher, discontinuity: discontinuity) { retry.recordSuccess(now: Date()) }
            discontinuity = true
            switch end {
            case .interrupted: break
            case .endOfFile:
                if (options.isFileInput || session.endIsFinal) && !options.loop { interrupt.raise() }
            case .failed(is LiveTSSourceError):
                // The same input reads on through libavformat from the new PMT: no reopen, no loss.
                handedBack = session.handBack().map { ($0, session.mediaStreams) }
                options.engine = .libavformat
            case .failed(let error):
                publisher.metrics?.inputError()
                log.error(.input, ["action": "lost", "error": .string(String(describing: error))])
                guard let delay = retry.nextDelay(afterFailure: error, now: Date()) else {
                    outcome = .inputLost(String(describing: error))
                    interrupt.raise()
                    continue
                }
                sleepInterruptibly(delay)
            }
        }
        // Uploads still in flight are confirmed (and listed) first, so the final version — with
        // ENDLIST when asked — is the last one.
        // Both waits share one budget (before, each could take 30 s against an origin that stopped
        // answering: a minute, past the supervisor's SIGKILL).
        let stopping = Date()
        publisher.flush(timeout: Self.shutdownFlushSeconds - Self.finalFlushSeconds)
        publisher.update { p, now in p.publishAll(endList: options.endlistOnExit, final: true, now: now) }
        publisher.saveState()
        publisher.writeMetrics()
        let left = Self.shutdownFlushSeconds - Date().timeIntervalSince(stopping)
        if let pending = publisher.flush(timeout: max(Self.finalFlushSeconds, left)), outcome == .stopped {
            outcome = .unpublished(String(describing: pending))
        }
        ffmpegLog.stop()
        log.info(.shutdown, ["outcome": .string(outcome.name), "media_sequence": .int(publisher.read { $0.state.mediaSequence(0) })])
        return outcome
    }

    private func sleepInterruptibly(_ seconds: Double) {
        interrupt.sleep(until: Date().addingTimeInterval(seconds))
    }
}

extension LiveChannel.Outcome {
    /// The shutdown line's `outcome`.
    var name: String {
        switch self {
        case .stopped: return "stopped"
        case .inputLost: return "input lost"
        case .unpublished: return "unpublished"
        }
    }
}

public enum LiveError: Error, CustomStringConvertible {
    case badOutput(String)
    case stateDirectoryNeeded
    case clockChanged(stateDirectory: String, saved: String)

    public var description: String {
        switch self {
        case .badOutput(let o): return "cannot use output '\(o)'"
        case .stateDirectoryNeeded: return "HTTP output needs --state-dir DIR for the restart state"
        case let .clockChanged(dir, saved):
            return "the restart state in \(dir) was published with --clock \(saved): its segment names and sequences cannot "
                + "continue under the other clock; keep --clock \(saved), or start a new playlist with --reset-state"
        }
    }
}

/// Carries an HTTP sink's upload results to the publisher, which exists only after the sink.
private final class ConfirmationHook: @unchecked Sendable {
    weak var publisher: LivePublisher?

    func forward(_ event: PublishEvent) {
        switch event {
        case .published(let name, _, _, _): publisher?.confirm(name, stored: true)
        case .failed(let name, _): publisher?.confirm(name, stored: false)
        case .deleted, .retry, .superseded: break
        }
    }
}
