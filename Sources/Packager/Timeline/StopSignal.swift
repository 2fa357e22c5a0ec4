import Foundation

/// A stop request shared between a signal handler (SIGINT) and a running watcher.
public final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    public func request() {
        lock.lock()
        requested = true
        lock.unlock()
    }

    public var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
