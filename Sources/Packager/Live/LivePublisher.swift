import CueDetect
import Foundation

/// Executes the live presentation's publish plans against the sink and the state store; every
/// decision is the presentation's. Safe from any thread: the input thread hands it segments and
/// span events, an HTTP sink's worker thread its confirmations; one lock covers the presentation
/// and plan execution, and plans a confirmation triggers run after the current one, in order.
final class LivePublisher: @unchecked Sendable {
    private var presentation: LivePresentation
    private let sink: PublishSink
    private let store: JournaledLiveStateStore
    let log: EventLog
    let metrics: LiveMetrics?
    private let registry: MetricsRegistry?
    private let metricsWriter: PrometheusTextfileWriter?
    private let clock: () -> Date
    private let lock = NSRecursiveLock()
    private var queued: [PublishPlan] = []
    private var executing = false
    /// Segment (and init segment) bytes by token until they are handed to the sink.
    private var media: [Int: FinishedSegment] = [:]
    private var nextToken = 0
    /// When the packet that closed each segment was read, for the segment→playlist latency.
    private var receivedAt: [String: Date] = [:]
    private var warnedUnsyncable = false
    /// Inside `listingTogether`: the segments the sink stored, listed when it ends (nil outside).
    private var storedMeanwhile: [String]?

    init(presentation: LivePresentation, sink: PublishSink, store: JournaledLiveStateStore, log: EventLog,
         registry: MetricsRegistry?, metrics: LiveMetrics?, clock: @escaping () -> Date = Date.init) {
        self.presentation = presentation
        self.sink = sink
        self.store = store
        self.log = log
        self.registry = registry
        self.metrics = metrics
        metricsWriter = registry == nil ? nil : presentation.options.metricsFile.map {
            PrometheusTextfileWriter(file: $0, durability: presentation.options.durability)
        }
        self.clock = clock
    }

    private var now: Double { clock().timeIntervalSince1970 }

    /// Reads the presentation under the lock.
    func read<T>(_ body: (LivePresentation) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body(presentation)
    }

    /// Changes the presentation and executes the plan it returns.
    func update(_ body: (inout LivePresentation, Double) -> PublishPlan) {
        lock.lock(); defer { lock.unlock() }
        queued.append(body(&presentation, now))
        drain()
    }

    func segment(_ segment: FinishedSegment, receivedAt time: Date) {
        lock.lock(); defer { lock.unlock() }
        let token = nextToken
        nextToken += 1
        media[token] = segment
        let plan = presentation.segment(segment, token: token, now: now)
        if case .primary = segment.target, let last = plan.last, case .putMedia(_, _, let name) = last { receivedAt[name] = time }
        queued.append(plan)
        drain()
        media[token] = nil
        // A segment the plan did not publish leaves no spool behind.
        segment.spool?.discard()
        if storedMeanwhile == nil { afterListing() }
    }

    /// Once segments are listed: the sink readies the next segment's files now, not on its way to
    /// the playlist, and a journal grown past its bounds is rewritten.
    private func afterListing() {
        sink.prepare()
        store.compactIfDue()
    }

    /// Runs `body`, which hands in segments that closed at once (every rendition's last one at
    /// the end of the input or at a stop), and lists the segments the sink stored meanwhile in one
    /// listing: one commit, and each of their playlists once. Listed one by one, the second
    /// rendition's last segment waited for the first's whole listing and took twice as long (two
    /// renditions at 30×, `c76adb0`: 9.1 and 12.5 ms, the first rendition's 5.4 and 6.3;
    /// docs/performance.md). What else `body` changes
    /// (a span completed at the last cut) is published as it comes, as before.
    ///
    /// One rendition has nothing to wait for, and a sink that confirms later (HTTP) lists each
    /// segment when its upload is confirmed: both run `body` as it is.
    func listingTogether(_ body: () throws -> Void) rethrows {
        lock.lock(); defer { lock.unlock() }
        guard storedMeanwhile == nil, !sink.confirmsLater, presentation.renditionCount > 1 else { return try body() }
        storedMeanwhile = []
        defer {
            let names = storedMeanwhile ?? []
            storedMeanwhile = nil
            if !names.isEmpty {
                queued.append(presentation.stored(names, now: now))
                drain()
                afterListing()
            }
        }
        try body()
    }

    /// Segments are muxed straight into spools of the sink's, when it makes them, each in its
    /// rendition's directory.
    var makeSpool: (_ rendition: Int) -> SegmentSpool? { { [sink] in sink.makeSpool(directory: OutputLayout.rendition($0)) } }

    /// The sink's report about an item it was given (HTTP: from its worker thread).
    func confirm(_ name: String, stored: Bool) {
        update { p, now in stored ? p.stored(name, now: now) : p.failed(name, now: now) }
    }

    private func drain() {
        guard !executing else { return }
        executing = true
        defer { executing = false }
        while !queued.isEmpty { execute(queued.removeFirst()) }
    }

    private func execute(_ plan: PublishPlan) {
        for action in plan {
            switch action {
            case let .putMedia(token, part, name):
                guard let segment = media[token] else { continue }
                do {
                    if part == .segment, let spool = segment.spool {
                        try sink.putSpooled(spool, name: name, kind: .segment)
                    } else {
                        try sink.put(part == .segment ? segment.bytes : (segment.initSegment ?? Data()), name: name, kind: .segment)
                    }
                    if !sink.confirmsLater {
                        if storedMeanwhile != nil { storedMeanwhile?.append(name) } else { queued.append(presentation.stored(name, now: now)) }
                    }
                } catch {
                    metrics?.publishFailed()
                    log.error(.publish, ["action": "segment", "name": .string(name), "error": .string(String(describing: error))])
                    queued.append(presentation.failed(name, now: now))
                }
            case let .put(name, text, kind):
                let started = clock()
                do {
                    try sink.put(Data(text.utf8), name: name, kind: kind)
                    if kind == .playlist { metrics?.publishCompleted(latencySeconds: clock().timeIntervalSince(started)) }
                } catch {
                    metrics?.publishFailed()
                    log.error(.publish, ["action": .string(kind.rawValue), "name": .string(name), "error": .string(String(describing: error)),
                                         "kept": "previous version"])
                }
            case .saveState:
                do { try commitState(checkpoint: false) } catch {
                    // The commit point failed: nothing that depends on it becomes visible.
                    log.error(.state, ["action": "save", "error": .string(String(describing: error)),
                                       "published": "nothing; retried with the next change"])
                    presentation.stateSaveFailed()
                    return
                }
            case let .delete(name):
                do {
                    try sink.delete(name: name)
                    presentation.deleted(name)
                } catch {
                    log.warn(.publish, ["action": "delete", "name": .string(name), "error": .string(String(describing: error))])
                }
            case let .log(level, event, fields):
                emit(level, event, fields)
            }
        }
    }

    /// The commit point: the names of the files the state lists go to the disk first, then the
    /// state; a failure is counted.
    private func commitState(checkpoint: Bool) throws {
        do {
            warnIfUnsyncable(try sink.syncPublished())
            try store.save(presentation.state, at: clock(), checkpoint: checkpoint)
        } catch {
            metrics?.stateSaveFailed()
            throw error
        }
    }

    /// Once per channel: the output's file system keeps files' bytes through a power cut, but
    /// cannot be asked to keep their names.
    private func warnIfUnsyncable(_ directories: [String]) {
        guard let directory = directories.first, !warnedUnsyncable else { return }
        warnedUnsyncable = true
        log.warn(.publish, ["action": "sync", "directory": .string(directory),
                            "note": "the file system cannot fsync a directory (EINVAL): with --durability power a power cut may still lose the names of files published here"])
    }

    /// Log lines from the plan; a listed segment's line gets its latency and feeds the metrics.
    private func emit(_ level: LogLevel, _ event: LogEventName, _ fields: LogFields) {
        var fields = fields
        if event == .segment, case .string(let name)? = fields.pairs.first(where: { $0.key == "name" })?.value,
           let time = receivedAt.removeValue(forKey: name) {
            fields.set("latency_ms", .double((clock().timeIntervalSince(time) * 10_000).rounded() / 10))
            metrics?.segmentPublished(rendition: String(name.prefix { $0 != "/" }), at: clock())
        }
        if event == .span, case .string("complete")? = fields.pairs.first(where: { $0.key == "action" })?.value {
            metrics?.spanCompleted(kind: "span")
        }
        log.log(level, event, fields)
    }

    /// Saves the state outside any plan (shutdown), as a checkpoint: the state file is then the
    /// state saved last and the journal holds only what it relies on.
    func saveState() {
        lock.lock(); defer { lock.unlock() }
        do { try commitState(checkpoint: true) } catch {
            log.error(.state, ["action": "save", "error": .string(String(describing: error))])
        }
    }

    func writeMetrics() {
        guard let registry, let metricsWriter else { return }
        do { try metricsWriter.write(registry) } catch {
            log.warn(.state, ["action": "metrics", "error": .string(String(describing: error))])
        }
    }

    /// Waits up to `timeout` seconds for uploads in flight; the error (logged) when some are
    /// still pending then.
    @discardableResult
    func flush(timeout: Double) -> Error? {
        do { try sink.flush(timeout: timeout) } catch {
            log.error(.publish, ["action": "flush", "error": .string(String(describing: error))])
            return error
        }
        return nil
    }
}
