import CCurlLoader
import Foundation

/// A libcurl easy handle: blocking HTTP requests, one at a time, keeping the connection between
/// them (Sources/CCurlLoader/CurlRequest.c). Every request pkgctl makes itself goes through one —
/// an origin's uploads, validate's and timeline's fetches, a batch's probes — rather than through
/// URLSession, which keeps a core busy while a request waits for its answer. (HLS inputs are
/// read by FFmpeg's own HTTP client.)
final class CurlHandle {
    /// What an origin answered.
    struct Reply {
        var status: Int
        /// Field names lowercased; a repeated field keeps its last value.
        var headers: [String: String]
        var body: Data
        /// When the body passed `keepBody`: the bytes received, or the length announced, by then.
        var tooLarge: Int64?
    }

    /// Why no answer came: libcurl's own message ("Failed to connect to … port …", "Operation
    /// timed out after …"); `cancelled` when the caller's cancel flag ended the request.
    struct Failure: Error {
        let reason: String
        var cancelled = false
    }

    private let raw: UnsafeMutableRawPointer

    /// Throws when libcurl cannot make a handle (out of memory).
    init() throws {
        guard let raw = pkgctl_http_handle() else { throw Failure(reason: "libcurl could not make a handle") }
        self.raw = raw
    }

    deinit { pkgctl_http_handle_free(raw) }

    /// - Parameters:
    ///   - timeout: seconds for connecting and for any stall; the whole request may take twice that.
    ///   - cancel: a flag (`pkgctl_http_cancel`) that ends the request within about a second.
    ///   - keepBody: body bytes kept at most (0: none; more stops the transfer, `tooLarge`).
    func send(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:], timeout: Double,
              cancel: UnsafePointer<Int32>? = nil, keepBody: Int = 0) throws -> Reply {
        var reply = pkgctl_http_reply()
        defer { pkgctl_http_reply_free(&reply) }
        // Bounded before Int(_:), which traps on an infinite or NaN value.
        let milliseconds = timeout.isFinite ? Int((min(max(timeout, 0.001), 86_400) * 1000).rounded()) : 86_400_000
        let lines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let copies = lines.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerList in
            Self.withBody(body) { bytes, count in
                pkgctl_http_request(raw, method, url, body == nil ? 0 : 1, bytes, count, headerList.baseAddress, lines.count,
                                    milliseconds, cancel, keepBody, &reply)
            }
        }
        guard result == 0 else {
            let reason = withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw Failure(reason: reason, cancelled: cancel.map { pkgctl_http_cancelled($0) != 0 } ?? false)
        }
        let kept = reply.body.map { Data(bytes: $0, count: reply.body_size) } ?? Data()
        return Reply(status: reply.status, headers: Self.fields(reply.headers.map { String(cString: $0) } ?? ""), body: kept,
                     tooLarge: reply.over_limit != 0 ? Int64(clamping: reply.received) : nil)
    }

    /// An empty body's bytes may have no address; the C side reads none of them then.
    private static func withBody<R>(_ body: Data?, _ use: (UnsafeRawPointer?, Int) -> R) -> R {
        guard let body else { return use(nil, 0) }
        return body.withUnsafeBytes { use($0.baseAddress, $0.count) }
    }

    private static func fields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in block.split(whereSeparator: \.isNewline) {  // "\r\n" is one Character
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
