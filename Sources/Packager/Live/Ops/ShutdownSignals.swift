import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT/SIGTERM into a graceful-stop request, so systemd's or Kubernetes' stop
/// lets the channel finish its segment, publish the playlist and save state.
///
/// A DispatchSource observes each signal; the callback runs on `queue`, never in a signal
/// handler, so it may lock, log and allocate. Signal dispositions belong to the process,
/// not to this object: create one per process (the command's main) and fan the request out
/// to the channels.
///
/// On Linux, libdispatch receives signals through a signalfd plus a forwarding handler it
/// installs the first time a source for that signal registers, and never again. So
/// `install()` only replaces a *default* disposition (by SIG_IGN, so a signal in the
/// window before the source is armed does not kill the process), and `cancel()` leaves the
/// disposition alone: restoring SIG_DFL would remove libdispatch's handler for good and a
/// later `install()` would never see the signal.
public final class ShutdownSignals: @unchecked Sendable {
    public let signals: [Int32]
    private let queue: DispatchQueue
    private let onRequest: @Sendable (ShutdownRequest) -> Void
    private let condition = NSCondition()
    private var sources: [DispatchSourceSignal] = []
    private var received: [ShutdownRequest] = []

    /// - Parameters:
    ///   - queue: where `onRequest` runs; `install()` must not be called on it.
    ///   - onRequest: called for every signal received, the first and later ones.
    public init(signals: [Int32] = [SIGINT, SIGTERM],
                queue: DispatchQueue = DispatchQueue(label: "pkgctl.shutdown-signals"),
                onRequest: @escaping @Sendable (ShutdownRequest) -> Void = { _ in }) {
        self.signals = signals
        self.queue = queue
        self.onRequest = onRequest
    }

    deinit { cancel() }

    /// Starts observing and returns once every source is armed, so a signal sent right
    /// after is seen. Calling it again does nothing.
    public func install(timeout: Double = 5) throws {
        condition.lock(); defer { condition.unlock() }
        guard sources.isEmpty else { return }
        let armed = DispatchGroup()
        for number in signals {
            if currentHandlerIsDefault(number) { _ = signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // The handler holds its source until cancel() (libdispatch drops handlers then).
            source.setEventHandler { [weak self] in
                let count = Int(source.data)
                for _ in 0..<max(count, 1) { self?.deliver(number) }
            }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            sources.append(source)
        }
        guard armed.wait(timeout: .now() + max(0, timeout)) == .success else {
            throw ShutdownSignalsError.notArmed(signals: signals, timeout: timeout)
        }
    }

    /// Stops observing. Dispositions stay as they are (see the type's comment), so after
    /// this the signals no longer stop the process on their own.
    public func cancel() {
        condition.lock(); defer { condition.unlock() }
        for source in sources { source.cancel() }
        sources.removeAll()
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

    private func currentHandlerIsDefault(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return current.__sigaction_handler.sa_handler == nil
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
