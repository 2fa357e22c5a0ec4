import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request at a time and waits for its answer; used only by a sink's own
/// worker thread, never by the thread that reads input.
final class BlockingHTTPClient: @unchecked Sendable {
    private let session: URLSession
    private let requestTimeout: Double
    /// Guards `invalidated`: a task must never be created on an invalidated session.
    private let lock = NSLock()
    private var invalidated = false

    init(requestTimeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = requestTimeout * 2
        self.session = URLSession(configuration: configuration)
        self.requestTimeout = requestTimeout
    }

    /// What an origin answered: the status, and the `Retry-After` it asked for, if any.
    struct Reply: Equatable {
        var status: Int
        var retryAfter: String?
    }

    /// Returns the origin's reply, or throws `.transport` when no answer came.
    func send(method: String, url: URL, body: Data?, headers: [String: String]) throws -> Reply {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: requestTimeout)
        request.httpMethod = method
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        if let body {
            request.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
            request.httpBody = body
        }
        let answer = Answer()
        lock.lock()
        guard !invalidated else {
            lock.unlock()
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: "the sink was closed")
        }
        let task = session.dataTask(with: request) { _, response, error in
            let http = response as? HTTPURLResponse
            answer.set(reply: http.map { Reply(status: $0.statusCode, retryAfter: $0.value(forHTTPHeaderField: "Retry-After")) },
                       error: error)
        }
        task.resume()
        lock.unlock()
        // URLSession enforces the timeout itself; this bound only guards against a lost callback.
        guard answer.wait(seconds: requestTimeout * 2 + 5) else {
            task.cancel()
            throw HTTPSinkError.transport(method: method, url: url.absoluteString,
                                          reason: "no completion within \(requestTimeout * 2 + 5) s")
        }
        if let error = answer.error {
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: error.localizedDescription)
        }
        guard let reply = answer.reply else {
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: "no HTTP response")
        }
        return reply
    }

    func invalidate() {
        lock.lock(); defer { lock.unlock() }
        guard !invalidated else { return }
        invalidated = true
        session.invalidateAndCancel()
    }

    /// The completion handler's result, handed across threads.
    private final class Answer: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var storedReply: Reply?
        private var storedError: Error?

        func set(reply: Reply?, error: Error?) {
            lock.lock()
            storedReply = reply
            storedError = error
            lock.unlock()
            done.signal()
        }

        func wait(seconds: Double) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }

        var reply: Reply? { lock.lock(); defer { lock.unlock() }; return storedReply }
        var error: Error? { lock.lock(); defer { lock.unlock() }; return storedError }
    }
}
