import CCurlLoader
import Foundation

/// Sends a request and waits for its answer, one request per calling thread; used only by a
/// sink's own worker threads, never by the thread that reads input. Each thread that sends at
/// once gets a `CurlHandle` of its own, and keeps its connection from one request to the next.
final class BlockingHTTPClient: @unchecked Sendable {
    /// What an origin answered: the status, and the `Retry-After` it asked for, if any.
    struct Reply: Equatable {
        var status: Int
        var retryAfter: String?
    }

    private let requestTimeout: Double
    /// Guards `idle`: handles between requests, taken by the next thread that sends.
    private let lock = NSLock()
    private var idle: [CurlHandle] = []
    /// Non-zero once invalidated: requests in flight end within about a second, new ones at once.
    private let cancelFlag: UnsafeMutablePointer<Int32>

    init(requestTimeout: Double) {
        self.requestTimeout = requestTimeout
        cancelFlag = .allocate(capacity: 1)
        cancelFlag.initialize(to: 0)
    }

    deinit {
        cancelFlag.deallocate()
    }

    /// Returns the origin's reply, or throws `.transport` when no answer came.
    func send(method: String, url: URL, body: Data?, headers: [String: String]) throws -> Reply {
        guard pkgctl_http_cancelled(cancelFlag) == 0 else {
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: "the sink was closed")
        }
        do {
            let handle = try takeHandle()
            defer { returnHandle(handle) }
            let reply = try handle.send(method, url.absoluteString, body: body, headers: headers, timeout: requestTimeout,
                                        cancel: cancelFlag)
            return Reply(status: reply.status, retryAfter: reply.headers["retry-after"])
        } catch let failure as CurlHandle.Failure {
            let reason = failure.cancelled ? "the sink was closed" : failure.reason
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: reason)
        }
    }

    func invalidate() {
        pkgctl_http_cancel(cancelFlag)
    }

    private func takeHandle() throws -> CurlHandle {
        lock.lock()
        defer { lock.unlock() }
        return try idle.popLast() ?? CurlHandle()
    }

    private func returnHandle(_ handle: CurlHandle) {
        lock.lock()
        defer { lock.unlock() }
        idle.append(handle)
    }
}
