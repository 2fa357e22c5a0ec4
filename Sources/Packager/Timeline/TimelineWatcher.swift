import Foundation

/// `--watch`: re-reads a live playlist at its own pace and reports what changed between
/// successive snapshots, until EXT-X-ENDLIST, a stop request (SIGINT) or a time limit.
public struct TimelineWatcher: Sendable {
    public let location: TimelineLocation
    public let loader: TimelineLoader
    /// Stop after this many seconds (tests); nil = no limit.
    public var limitSeconds: Double?
    /// Reload failures in a row tolerated before giving up (an origin may blip).
    public var maxConsecutiveFailures = 3

    public init(location: TimelineLocation, loader: TimelineLoader = TimelineLoader(), limitSeconds: Double? = nil) {
        self.location = location
        self.loader = loader
        self.limitSeconds = limitSeconds
    }

    /// Runs the watch loop on the calling thread and returns the last snapshot.
    /// - Parameters:
    ///   - emit: called for every event, in order.
    ///   - warn: called with the message of a reload that failed but will be retried.
    ///   - didRead: called after every successful read, before waiting for the next.
    /// - Throws: the first read's error, or `repeatedReadFailures`.
    @discardableResult
    public func run(stop: InterruptFlag, emit: (TimelineEvent) -> Void, warn: (String) -> Void = { _ in },
                    didRead: (TimelineSnapshot) -> Void = { _ in }) throws -> TimelineSnapshot {
        let started = DispatchTime.now().uptimeNanoseconds
        let deadline = limitSeconds.map { started &+ UInt64(max(0, $0) * 1e9) }
        var input = try loader.load(location)
        var snapshot = IntegratedTimeline.snapshot(of: input)
        TimelineDiff.events(from: nil, to: snapshot).forEach(emit)
        didRead(snapshot)
        var changed = true
        var failures = 0
        while snapshot.isLive {
            let wake = DispatchTime.now().uptimeNanoseconds &+ UInt64(ReloadPace.delay(for: input, changed: changed))
            guard Self.sleep(until: wake, deadline: deadline, stop: stop) else { break }
            let next: TimelineInput
            do {
                next = try loader.load(location)
            } catch {
                failures += 1
                guard failures < maxConsecutiveFailures else {
                    throw TimelineError.repeatedReadFailures(location: location.description, count: failures, last: "\(error)")
                }
                warn("\(error)")
                changed = false
                continue
            }
            failures = 0
            changed = next != input
            input = next
            let newSnapshot = IntegratedTimeline.snapshot(of: next)
            TimelineDiff.events(from: snapshot, to: newSnapshot).forEach(emit)
            snapshot = newSnapshot
            didRead(snapshot)
        }
        return snapshot
    }

    /// Sleeps in short slices so a stop request is honoured quickly. false = stop now.
    private static func sleep(until wake: UInt64, deadline: UInt64?, stop: InterruptFlag) -> Bool {
        let slice: UInt64 = 50_000_000
        while true {
            if stop.isRaised { return false }
            let now = DispatchTime.now().uptimeNanoseconds
            if let deadline, now >= deadline { return false }
            if now >= wake { return true }
            let until = min(wake, deadline ?? wake)
            Thread.sleep(forTimeInterval: Double(min(slice, until - now)) / 1e9)
        }
    }
}
