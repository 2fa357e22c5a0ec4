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

    /// Returns the HTTP status code, or throws `.transport` when no answer came.
    func send(method: String, url: URL, body: Data?, headers: [String: String]) throws -> Int {
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
            answer.set(status: (response as? HTTPURLResponse)?.statusCode, error: error)
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
        guard let status = answer.status else {
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: "no HTTP response")
        }
        return status
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
        private var storedStatus: Int?
        private var storedError: Error?

        func set(status: Int?, error: Error?) {
            lock.lock()
            storedStatus = status
            storedError = error
            lock.unlock()
            done.signal()
        }

        func wait(seconds: Double) -> Bool {
            done.wait(timeout: .now() + seconds) == .success
        }

        var status: Int? { lock.lock(); defer { lock.unlock() }; return storedStatus }
        var error: Error? { lock.lock(); defer { lock.unlock() }; return storedError }
    }
}
