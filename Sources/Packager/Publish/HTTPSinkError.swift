import Foundation

/// Why an HTTP publish did not happen, with the item's name and the origin's answer.
public enum HTTPSinkError: Error, CustomStringConvertible, Equatable, Sendable {
    case invalidName(PublishNameError)
    /// The queue already holds `depth` items / `bytes` bytes; the item was not taken.
    case queueFull(name: String, depth: Int, bytes: Int, maxItems: Int, maxBytes: Int)
    /// The request never got an HTTP answer (connection refused, timeout, reset…).
    case transport(method: String, url: String, reason: String)
    /// The origin answered with a status that is not success.
    case status(method: String, url: String, code: Int)
    /// Retrying stopped because the item's deadline would pass.
    case deadlineExceeded(name: String, attempts: Int, seconds: Double, lastError: String)
    /// `flush` returned before the queue drained.
    case flushTimedOut(pending: Int, timeout: Double)
    /// The sink was closed; nothing more is published.
    case closed(name: String)
    /// An earlier item failed and the sink stopped there (`HTTPSinkOptions.stopAfterFailure`);
    /// `cause` is that item's error.
    case stopped(name: String, cause: String)
    /// Some items could not be stored, so the presentation at `base` is not whole.
    case incomplete(base: String, failures: Int)
    /// libcurl, through which every request goes, cannot be opened on this host.
    case libraryUnavailable(output: String, reason: String)

    /// Whether trying the same request again may succeed: no answer, 408, 429, or 5xx.
    public var isRetryable: Bool {
        switch self {
        case .transport: return true
        case .status(_, _, let code): return code == 408 || code == 429 || (500...599).contains(code)
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .invalidName(let error):
            return error.description
        case .queueFull(let name, let depth, let bytes, let maxItems, let maxBytes):
            return "cannot queue '\(name)': publish queue is full (\(depth)/\(maxItems) items,"
                + " \(bytes)/\(maxBytes) bytes); the origin is not keeping up or is unreachable"
        case .transport(let method, let url, let reason):
            return "\(method) \(url) got no answer: \(reason)"
        // The sink sends only PUT and DELETE, which CurlRequest.c never lets follow a redirect.
        case .status(let method, let url, let code) where (300...399).contains(code):
            return "\(method) \(url) was answered with HTTP \(code), a redirect, which uploads and deletes do not follow"
                + " (the body and the request's headers would go to another host): give the origin's final URL"
        case .status(let method, let url, let code):
            return "\(method) \(url) was answered with HTTP \(code)"
        case .deadlineExceeded(let name, let attempts, let seconds, let lastError):
            return "gave up publishing '\(name)' after \(attempts) attempt\(attempts == 1 ? "" : "s") in"
                + " \(String(format: "%.1f", seconds)) s; last error: \(lastError)"
        case .flushTimedOut(let pending, let timeout):
            return "\(pending) items still unpublished after waiting \(timeout) s"
        case .closed(let name):
            return "cannot publish '\(name)': the HTTP sink is closed"
        case .stopped(let name, let cause):
            return "cannot publish '\(name)': publishing stopped at an earlier item the origin did not store (\(cause))"
        case .incomplete(let base, let failures):
            return "\(failures) item(s) could not be stored at \(base); the presentation there is incomplete"
        case .libraryUnavailable(let output, let reason):
            return "cannot publish to \(output): libcurl.so.4, which HTTP requests need, cannot be loaded (\(reason));"
                + " install libcurl4"
        }
    }
}
