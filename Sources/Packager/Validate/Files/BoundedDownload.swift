import Foundation

/// One http(s) GET, waited for synchronously, that stops reading once the body passes a
/// byte limit (the read-side commands fetch one resource at a time).
enum BoundedDownload {
    enum Failure: Error, Equatable {
        case failed(String)
        /// The body passed the limit; `bytes` is what was received (or announced) by then.
        case tooLarge(bytes: Int64)
    }

    static func get(_ url: URL, timeout: TimeInterval, limit: Int64) throws -> [UInt8] {
        let reply: CurlHandle.Reply
        do {
            reply = try CurlHandle().send("GET", url.absoluteString, timeout: timeout, keepBody: Int(clamping: max(limit, 1)))
        } catch let failure as CurlHandle.Failure {
            throw Failure.failed(failure.reason)
        }
        if let bytes = reply.tooLarge { throw Failure.tooLarge(bytes: bytes) }
        guard (200..<300).contains(reply.status) else { throw Failure.failed("HTTP status \(reply.status)") }
        return [UInt8](reply.body)
    }
}
