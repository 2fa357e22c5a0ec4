import Foundation

/// When to log an input's overruns (datagrams its backlog dropped because the channel did not
/// read them in time): once a second at most while they last, each line with what was dropped
/// since the previous one, as libavformat's "Circular buffer overrun" lines told it before.
struct OverrunReport {
    private var reported = 0
    private var lastLine: Date?
    static let interval: TimeInterval = 1

    /// Bytes dropped since the last line and in all, when a line is due.
    /// `now` is read only when something was dropped (this runs after every read of the input).
    mutating func check(dropped: Int, now clock: @autoclosure () -> Date) -> (since: Int, total: Int)? {
        guard dropped > reported else { return nil }
        let now = clock()
        if let lastLine, now.timeIntervalSince(lastLine) < Self.interval { return nil }
        defer {
            reported = dropped
            lastLine = now
        }
        return (dropped - reported, dropped)
    }
}
