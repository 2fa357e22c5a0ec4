import Foundation

/// The few blocking requests a batch makes itself, outside the sinks: HEAD an input for its
/// validators, GET an output's fingerprint. Small bodies only.
enum HTTPProbe {
    struct Answer {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
    }

    /// A fingerprint or an error page; a larger body is refused rather than read.
    static let mostBodyBytes = 16 << 20

    static func send(_ method: String, _ url: URL, headers: [String: String] = [:], timeout: Double = 30) throws -> Answer {
        let reply: CurlHandle.Reply
        do {
            reply = try CurlHandle().send(method, url.absoluteString, headers: headers, timeout: timeout, keepBody: mostBodyBytes)
        } catch let failure as CurlHandle.Failure {
            throw BatchError.http(method: method, url: url.absoluteString, reason: failure.reason)
        }
        if let bytes = reply.tooLarge {
            throw BatchError.http(method: method, url: url.absoluteString,
                                  reason: "the answer's body of \(bytes) bytes or more is larger than the \(mostBodyBytes) a probe reads")
        }
        return Answer(status: reply.status, headers: reply.headers, body: reply.body)
    }
}
