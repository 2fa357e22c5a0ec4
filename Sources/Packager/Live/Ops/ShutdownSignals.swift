import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT/SIGTERM into a graceful-stop request, so systemd's or Kubernetes' stop
/// lets the channel finish its segment, publish the playlist and save state.
///
/// Each signal's default action (terminate) is replaced by SIG_IGN, then a DispatchSource
/// observes it; the callback runs on `queue`, never in a signal handler, so it may lock,
/// log and allocate. Signal dispositions belong to the process, not to this object: create
/// one per process (the command's main) and fan the request out to the channels.
public final class ShutdownSignals: @unchecked Sendable {
    public let signals: [Int32]
    private let queue: DispatchQueue
    private let onRequest: @Sendable (ShutdownRequest) -> Void
    private let condition = NSCondition()
    private var sources: [DispatchSourceSignal] = []
    private var previousHandlers: [(Int32, sighandler_t?)] = []
    private var received: [ShutdownRequest] = []

    /// - Parameter onRequest: called on `queue` for every signal received, first and later ones.
    public init(signals: [Int32] = [SIGINT, SIGTERM],
                queue: DispatchQueue = DispatchQueue(label: "pkgctl.shutdown-signals"),
                onRequest: @escaping @Sendable (ShutdownRequest) -> Void = { _ in }) {
        self.signals = signals
        self.queue = queue
        self.onRequest = onRequest
    }

    deinit { cancel() }

    /// Starts observing; calling it again does nothing.
    public func install() {
        condition.lock(); defer { condition.unlock() }
        guard sources.isEmpty else { return }
        for number in signals {
            // Ignore first: between this line and the source being armed, a signal must
            // not kill the process with its default action.
            previousHandlers.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                let count = Int(source.data)
                for _ in 0..<max(count, 1) { self?.deliver(number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops observing and puts back the dispositions found at `install()`.
    public func cancel() {
        condition.lock(); defer { condition.unlock() }
        for source in sources { source.cancel() }
        sources.removeAll()
        for (number, handler) in previousHandlers.reversed() { _ = signal(number, handler) }
        previousHandlers.removeAll()
    }

    /// Whether any of the signals has arrived.
    public var requested: Bool {
        condition.lock(); defer { condition.unlock() }
        return !received.isEmpty
    }

    /// The latest request, or nil before any.
    public var lastRequest: ShutdownRequest? {
        condition.lock(); defer { condition.unlock() }
        return received.last
    }

    /// Blocks until a request has arrived or `timeout` seconds passed; true when requested.
    public func waitForRequest(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: max(0, timeout))
        condition.lock(); defer { condition.unlock() }
        while received.isEmpty {
            if !condition.wait(until: deadline) { return !received.isEmpty }
        }
        return true
    }

    private func deliver(_ number: Int32) {
        condition.lock()
        let request = ShutdownRequest(signal: number, count: received.count + 1)
        received.append(request)
        condition.broadcast()
        condition.unlock()
        onRequest(request)
    }
}
