import Foundation

/// Collects EventLog output lines from any thread.
final class LineRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        stored.append(line)
    }

    var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return stored
    }
}

/// A settable clock shared between a test and the code under test.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private let start: Date
    private var ticks = 0

    init(_ start: Date) {
        self.start = start
        current = start
    }

    var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }

    /// Each read returns the time and then moves it on by `step` seconds, computed from the
    /// read count so thousands of steps do not accumulate rounding error.
    func tick(_ step: Double) -> Date {
        lock.lock(); defer { lock.unlock() }
        let value = start.addingTimeInterval(Double(ticks) * step)
        ticks += 1
        return value
    }
}

/// A one-way flag readable from any thread.
final class TestFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.lock(); value = true; lock.unlock() }

    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
