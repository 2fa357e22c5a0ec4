import CCurlLoader
import Foundation

/// Sends a request and waits for its answer, one request per calling thread; used only by a
/// sink's own worker threads, never by the thread that reads input.
///
/// Through libcurl's easy interface (Sources/CCurlLoader/CurlRequest.c), not URLSession:
/// swift-corelibs-foundation's URLSession keeps a core busy while a request waits for its
/// answer, which against an origin 50 ms away cost a live channel more CPU than everything
/// else it does. Each thread reuses one handle, and so one kept-alive connection.
final class BlockingHTTPClient: @unchecked Sendable {
    /// What an origin answered: the status, and the `Retry-After` it asked for, if any.
    struct Reply: Equatable {
        var status: Int
        var retryAfter: String?
    }

    private let requestTimeout: Double
    /// Guards `idle`: handles between requests, taken by the next thread that sends.
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []
    /// Non-zero once invalidated: requests in flight end within about a second, new ones at once.
    private let cancelFlag: UnsafeMutablePointer<Int32>

    /// Each thread that sends at once gets a handle of its own.
    init(requestTimeout: Double) {
        self.requestTimeout = requestTimeout
        cancelFlag = .allocate(capacity: 1)
        cancelFlag.initialize(to: 0)
    }

    deinit {
        idle.forEach(pkgctl_http_handle_free)
        cancelFlag.deallocate()
    }

    /// Returns the origin's reply, or throws `.transport` when no answer came.
    func send(method: String, url: URL, body: Data?, headers: [String: String]) throws -> Reply {
        guard let handle = takeHandle() else {
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: "the sink was closed")
        }
        defer { returnHandle(handle) }
        var status = 0
        var retryAfter = [CChar](repeating: 0, count: 256)
        var error = [CChar](repeating: 0, count: 512)
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let result = withCStrings(lines) { headerPointers in
            withBody(body) { bytes, count in
                pkgctl_http_request(handle, method, url.absoluteString, body == nil ? 0 : 1, bytes, count,
                                    headerPointers, lines.count,
                                    Int(requestTimeout * 1000), cancelFlag, &status, &retryAfter, retryAfter.count,
                                    &error, error.count)
            }
        }
        guard result == 0 else {
            let reason = isCancelled ? "the sink was closed" : String(cString: error)
            throw HTTPSinkError.transport(method: method, url: url.absoluteString, reason: reason)
        }
        let asked = String(cString: retryAfter)
        return Reply(status: status, retryAfter: asked.isEmpty ? nil : asked)
    }

    func invalidate() {
        pkgctl_http_cancel(cancelFlag)
    }

    private var isCancelled: Bool { cancelFlag.pointee != 0 }

    private func takeHandle() -> UnsafeMutableRawPointer? {
        lock.lock()
        defer { lock.unlock() }
        guard !isCancelled else { return nil }
        return idle.popLast() ?? pkgctl_http_handle()
    }

    private func returnHandle(_ handle: UnsafeMutableRawPointer) {
        lock.lock()
        defer { lock.unlock() }
        idle.append(handle)
    }

    /// An empty body's bytes may have no address; the C side reads none of them then.
    private func withBody<R>(_ body: Data?, _ use: (UnsafeRawPointer?, Int) -> R) -> R {
        guard let body else { return use(nil, 0) }
        return body.withUnsafeBytes { use($0.baseAddress, $0.count) }
    }

    private func withCStrings<R>(_ strings: [String], _ use: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { use($0.baseAddress) }
    }
}
