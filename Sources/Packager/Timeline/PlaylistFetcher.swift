import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the bytes of a playlist or asset list, from disk or over http(s).
public struct PlaylistFetcher: Sendable {
    /// How long one http request may take before it counts as a failed read.
    public var timeout: TimeInterval

    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    public func bytes(at location: TimelineLocation) throws -> [UInt8] {
        switch location {
        case .file(let path):
            do {
                return try FileLoader.bytes(path)
            } catch let error as ValidateError {
                throw TimelineError.unreadable(location: path, reason: Self.reason(error))
            }
        case .remote(let url):
            return try download(url)
        }
    }

    private static func reason(_ error: ValidateError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }

    /// One GET, waited for synchronously: the timeline command reads one playlist at a time.
    private func download(_ url: URL) throws -> [UInt8] {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let box = DownloadResult()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let (data, response, error) = box.get()
        if let error {
            throw TimelineError.unreadable(location: url.absoluteString, reason: error.localizedDescription)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw TimelineError.unreadable(location: url.absoluteString, reason: "HTTP status \(http.statusCode)")
        }
        guard let data else {
            throw TimelineError.unreadable(location: url.absoluteString, reason: "empty response")
        }
        return [UInt8](data)
    }
}

/// Carries the completion handler's values back to the waiting thread.
private final class DownloadResult: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var response: URLResponse?
    private var error: Error?

    func set(data: Data?, response: URLResponse?, error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
        self.response = response
        self.error = error
    }

    func get() -> (Data?, URLResponse?, Error?) {
        lock.lock()
        defer { lock.unlock() }
        return (data, response, error)
    }
}
