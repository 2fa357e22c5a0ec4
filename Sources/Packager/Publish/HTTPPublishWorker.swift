import Foundation

/// The background half of `HTTPSink`: threads that publish queued items in order, retrying
/// each until it lands or its deadline passes, so a playlist never reaches the origin ahead of
/// a segment it names. One thread by default; with `parallelUploads` N, up to N segments are in
/// flight at once, and anything else still waits for everything queued before it.
final class HTTPPublishWorker: @unchecked Sendable {
    private enum Outcome {
        case done(latencySeconds: Double)
        case failed(HTTPSinkError)
        case abandoned
    }

    private let base: URL
    private let options: HTTPSinkOptions
    private let onEvent: @Sendable (PublishEvent) -> Void
    private let client: BlockingHTTPClient
    /// Guards everything below; the thread waits on it for work and during backoff.
    private let condition = NSCondition()
    private var queue: PublishQueue
    private var inFlight: [PublishItem] = []
    private let parallel: Int
    private var counters = PublishStats()
    private var nextSequence: UInt64 = 0
    private var stopping = false
    /// Why the worker stopped itself (`HTTPSinkOptions.stopAfterFailure`): the failed item's error.
    private var stoppedBy: String?

    init(base: URL, options: HTTPSinkOptions, onEvent: @escaping @Sendable (PublishEvent) -> Void) {
        self.base = base
        self.options = options
        self.onEvent = onEvent
        self.parallel = max(1, options.parallelUploads ?? 1)
        self.client = BlockingHTTPClient(requestTimeout: options.requestTimeout)
        self.queue = PublishQueue(maxItems: options.maxQueuedItems, maxBytes: options.maxQueuedBytes)
    }

    func start(label: String) {
        for _ in 0..<parallel {
            let thread = Thread { [self] in run() }
            thread.name = label
            thread.start()
        }
    }

    /// Queues an item without waiting for the network; throws `queueFull`, `closed` or `stopped`.
    func submit(name: PublishName, operation: PublishItem.Operation) throws {
        let now = DispatchTime.now().uptimeNanoseconds
        condition.lock()
        // Numbered after any wait: two puts that waited for room together must not share a
        // number, by which `finish` takes an item out of `inFlight`.
        var item: PublishItem { PublishItem(sequence: nextSequence, name: name, operation: operation, enqueuedAt: now) }
        while options.waitWhenFull, !stopping, !queue.fits(item) { condition.wait() }
        // Checked after any wait for room: a sink that stopped meanwhile has no thread left to
        // send what would be queued now.
        guard !stopping else {
            let cause = stoppedBy
            condition.unlock()
            throw cause.map { HTTPSinkError.stopped(name: name.path, cause: $0) } ?? .closed(name: name.path)
        }
        let superseded: PublishItem?
        do {
            superseded = try queue.enqueue(item)
        } catch {
            counters.rejected += 1
            condition.unlock()
            throw error
        }
        nextSequence += 1
        if superseded != nil { counters.superseded += 1 }
        condition.broadcast()
        condition.unlock()
        if let superseded { onEvent(.superseded(name: superseded.name.path)) }
    }

    func countInvalidName() {
        condition.lock(); defer { condition.unlock() }
        counters.failures += 1
    }

    var stats: PublishStats {
        condition.lock(); defer { condition.unlock() }
        var snapshot = counters
        snapshot.queueDepth = queue.count + inFlight.count
        return snapshot
    }

    func waitUntilDrained(timeout: Double) throws {
        let deadline = Date(timeIntervalSinceNow: max(0, timeout))
        condition.lock(); defer { condition.unlock() }
        while !queue.isEmpty || !inFlight.isEmpty {
            if !condition.wait(until: deadline) && Date() >= deadline { break }
        }
        let pending = queue.count + inFlight.count
        if pending > 0 { throw HTTPSinkError.flushTimedOut(pending: pending, timeout: timeout) }
    }

    /// Stops after the current request; queued items are reported as failed, not sent.
    func stop() {
        condition.lock()
        guard !stopping else { condition.unlock(); return }
        stopping = true
        let dropped = queue.removeAll()
        counters.failures += dropped.count
        condition.broadcast()
        condition.unlock()
        client.invalidate()
        for item in dropped { onEvent(.failed(name: item.name.path, error: .closed(name: item.name.path))) }
    }

    private func run() {
        while let item = next() {
            let outcome = deliver(item)
            finish(item, outcome)
        }
    }

    private func next() -> PublishItem? {
        condition.lock(); defer { condition.unlock() }
        while !headMayStart && !stopping { condition.wait() }
        guard !stopping, let item = queue.popFirst() else { return nil }
        inFlight.append(item)
        condition.broadcast()        // room for a put waiting on a full queue
        return item
    }

    /// Whether the oldest queued item may go now: at once when nothing is in flight; beside
    /// others only when it and all of them are segments, none of them of the same name, and a
    /// slot is free. Anything else (a playlist, a delete, the state) is a barrier both ways,
    /// which keeps the one-thread order. The name: vod puts an fMP4 init as a segment and again,
    /// rewritten, at the end of the input; two uploads of one file at once land in either
    /// order (a retried first one last), and the origin would keep the stale bytes.
    private var headMayStart: Bool {
        guard let head = queue.first else { return false }
        guard !inFlight.isEmpty else { return true }
        return inFlight.count < parallel && head.isSegmentPut
            && inFlight.allSatisfy { $0.isSegmentPut && $0.name != head.name }
    }

    private func deliver(_ item: PublishItem) -> Outcome {
        let url = base.appendingPathComponent(item.name.path)
        let method: String
        let body: Data?
        var headers = options.extraHeaders
        switch item.operation {
        case .put(let data, _):
            method = "PUT"
            body = data
            headers["Content-Type"] = MediaContentType.forName(item.name)
        case .delete:
            method = "DELETE"
            body = nil
        }
        let firstAttempt = DispatchTime.now().uptimeNanoseconds
        var attempt = 0
        while true {
            attempt += 1
            let error: HTTPSinkError
            var asked: Double?
            do {
                let reply = try client.send(method: method, url: url, body: body, headers: headers)
                let code = reply.status
                if (200...299).contains(code) || (method == "DELETE" && (code == 404 || code == 410)) {
                    return .done(latencySeconds: secondsSince(item.enqueuedAt))
                }
                error = .status(method: method, url: url.absoluteString, code: code)
                asked = reply.retryAfter.flatMap { RetryAfter.seconds($0, now: Date()) }
            } catch let failure as HTTPSinkError {
                error = failure
            } catch {
                return .failed(.transport(method: method, url: url.absoluteString, reason: "\(error)"))
            }
            if isStopping { return .abandoned }
            guard error.isRetryable else { return .failed(error) }
            // An origin's Retry-After is a floor under the backoff, never a reason to retry sooner;
            // one asking for longer than the item has left ends the item now rather than after a
            // wait that cannot succeed.
            let delay = max(options.backoff.delay(afterAttempt: attempt, seed: item.sequence), asked ?? 0)
            let elapsed = secondsSince(firstAttempt)
            guard elapsed + delay <= options.itemDeadline else {
                let why = asked.map { error.description + String(format: " asking for a retry after %.0f s", $0) } ?? error.description
                return .failed(.deadlineExceeded(name: item.name.path, attempts: attempt, seconds: elapsed, lastError: why))
            }
            countRetry()
            onEvent(.retry(name: item.name.path, attempt: attempt, delaySeconds: delay, error: error))
            guard pause(seconds: delay) else { return .abandoned }
        }
    }

    /// Counts and reports the outcome before the item stops being in flight, so that when
    /// `flush` returns, the caller has already seen every event of the work it waited for.
    private func finish(_ item: PublishItem, _ outcome: Outcome) {
        condition.lock()
        switch outcome {
        case .done(let latency):
            if case .put(let data, _) = item.operation {
                counters.puts += 1
                counters.bytes += Int64(data.count)
            } else {
                counters.deletes += 1
            }
            counters.lastPublishLatency = latency
        case .failed(let error):
            counters.failures += 1
            counters.firstFailure = counters.firstFailure ?? error.description
            if options.stopAfterFailure, stoppedBy == nil { stoppedBy = error.description }
        case .abandoned:
            counters.failures += 1
        }
        condition.unlock()
        switch outcome {
        case .done(let latency):
            if case .put(let data, let kind) = item.operation {
                onEvent(.published(name: item.name.path, kind: kind, bytes: data.count, latencySeconds: latency))
            } else {
                onEvent(.deleted(name: item.name.path, latencySeconds: latency))
            }
        case .failed(let error):
            onEvent(.failed(name: item.name.path, error: error))
        case .abandoned:
            onEvent(.failed(name: item.name.path, error: .closed(name: item.name.path)))
        }
        // Stopped before the item stops being in flight, so a flush never sees the dropped
        // queue drain as delivered.
        if case .failed = outcome, options.stopAfterFailure { stop() }
        condition.lock()
        inFlight.removeAll { $0.sequence == item.sequence }
        condition.broadcast()
        condition.unlock()
    }

    /// Sleeps for a backoff delay; returns false as soon as the sink is closed.
    private func pause(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock(); defer { condition.unlock() }
        while !stopping && Date() < deadline { _ = condition.wait(until: deadline) }
        return !stopping
    }

    private var isStopping: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopping
    }

    private func countRetry() {
        condition.lock(); defer { condition.unlock() }
        counters.retries += 1
    }

    private func secondsSince(_ start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
