import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The few blocking requests a batch makes itself, outside the sinks: HEAD an input for its
/// validators, GET an output's fingerprint. Small bodies only.
enum HTTPProbe {
    struct Answer {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    static func send(_ method: String, _ url: URL, headers: [String: String] = [:], timeout: Double = 30) throws -> Answer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        let box = Box()
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response as? HTTPURLResponse, error: error)
        }
        task.resume()
        guard box.done.wait(timeout: .now() + timeout + 5) == .success else {
            task.cancel()
            throw BatchError.http(method: method, url: url.absoluteString, reason: "no answer within \(Int(timeout)) s")
        }
        let (data, response, error) = box.result
        if let error { throw BatchError.http(method: method, url: url.absoluteString, reason: error.localizedDescription) }
        guard let response else { throw BatchError.http(method: method, url: url.absoluteString, reason: "no HTTP response") }
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: response.statusCode, headers: fields, body: data ?? Data())
    }

    private final class Box: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stored: (Data?, HTTPURLResponse?, Error?) = (nil, nil, nil)

        func set(data: Data?, response: HTTPURLResponse?, error: Error?) {
            lock.lock()
            stored = (data, response, error)
            lock.unlock()
            done.signal()
        }

        var result: (Data?, HTTPURLResponse?, Error?) { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
