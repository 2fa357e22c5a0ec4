import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One http(s) GET, waited for synchronously, that stops reading once the body passes a
/// byte limit (the read-side commands fetch one resource at a time).
enum BoundedDownload {
    enum Failure: Error, Equatable {
        case failed(String)
        /// The body passed the limit; `bytes` is what was received (or announced) by then.
        case tooLarge(bytes: Int64)
    }

    static func get(_ url: URL, timeout: TimeInterval, limit: Int64) throws -> [UInt8] {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let collector = Collector(limit: limit)
        let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        collector.done.wait()
        return try collector.result()
    }

    /// Gathers the body on URLSession's queue and hands the outcome to the waiting thread.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let limit: Int64
        private let lock = NSLock()
        private var body = Data()
        private var status: Int?
        private var failure: Failure?

        init(limit: Int64) { self.limit = limit }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            lock.lock()
            status = (response as? HTTPURLResponse)?.statusCode
            let announced = response.expectedContentLength
            if announced > limit { failure = .tooLarge(bytes: announced) }
            let refuse = failure != nil
            lock.unlock()
            completionHandler(refuse ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            body.append(data)
            let over = Int64(body.count) > limit
            if over, failure == nil { failure = .tooLarge(bytes: Int64(body.count)) }
            lock.unlock()
            if over { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            lock.lock()
            if failure == nil, let error { failure = .failed(error.localizedDescription) }
            lock.unlock()
            done.signal()
        }

        func result() throws -> [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            if let failure { throw failure }
            if let status, !(200..<300).contains(status) { throw Failure.failed("HTTP status \(status)") }
            return [UInt8](body)
        }
    }
}
