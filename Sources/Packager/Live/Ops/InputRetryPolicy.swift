import Foundation

/// When to reopen a live input after it failed, and when to give up.
///
/// Delays grow exponentially from `initialDelay` up to `maximumDelay` (no jitter: one
/// process reads one input, there is no herd to spread). `inputTimeout` bounds a whole
/// outage, counted from its first failure: once it has passed, `nextDelay` returns nil and
/// the caller exits non-zero so the supervisor (systemd, Kubernetes) can act. A success
/// ends the outage and resets the backoff. Every decision is logged as an `input` event.
public struct InputRetryPolicy {
    public let initialDelay: Double
    public let maximumDelay: Double
    /// nil retries forever.
    public let inputTimeout: Double?
    public private(set) var attempts = 0
    public private(set) var outageStartedAt: Date?
    private let backoff: RetryBackoff
    private let log: EventLog

    public init(initialDelay: Double = 0.5, maximumDelay: Double = 8, inputTimeout: Double? = 60, log: EventLog) {
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.inputTimeout = inputTimeout.map { max(0, $0) }
        self.backoff = RetryBackoff(base: self.initialDelay, maximum: self.maximumDelay, jitter: 0)
        self.log = log
    }

    /// Seconds to wait before reopening after `failure`, never past the timeout; nil when
    /// the outage has lasted `inputTimeout` and the input should be given up.
    public mutating func nextDelay(afterFailure failure: Error, now: Date) -> Double? {
        let started = outageStartedAt ?? now
        outageStartedAt = started
        attempts += 1
        let outage = now.timeIntervalSince(started)
        let reason = String(describing: failure)
        if isExhausted(now: now) {
            log.error(.input, ["action": "give_up", "attempts": .int(attempts), "outage_s": .double(outage),
                               "timeout_s": .double(inputTimeout ?? 0), "error": .string(reason)])
            return nil
        }
        var delay = backoff.delay(afterAttempt: attempts, seed: 0)
        if let inputTimeout { delay = min(delay, inputTimeout - outage) }
        log.warn(.input, ["action": "retry", "attempt": .int(attempts), "delay_s": .double(delay),
                          "outage_s": .double(outage), "error": .string(reason)])
        return delay
    }

    /// True once the current outage has lasted `inputTimeout`; false when there is none.
    public func isExhausted(now: Date) -> Bool {
        guard let inputTimeout, let outageStartedAt else { return false }
        return now.timeIntervalSince(outageStartedAt) >= inputTimeout
    }

    /// The input delivered again: log the recovery (if there was an outage) and reset.
    public mutating func recordSuccess(now: Date) {
        guard let started = outageStartedAt else { return }
        log.info(.input, ["action": "recovered", "attempts": .int(attempts),
                          "outage_s": .double(now.timeIntervalSince(started))])
        attempts = 0
        outageStartedAt = nil
    }
}
