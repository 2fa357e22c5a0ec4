import CCurlLoader

/// libcurl, through which pkgctl sends every HTTP request of its own (`CurlHandle`), is opened at
/// the first one (Sources/CCurlLoader), and a host without it would end the process there with
/// one line.
/// `HTTPSink` asks first, when it is made, so the failure is that output's own error: one
/// channel of a `live --channels` process fails to start, not the process with every channel.
enum CurlLibrary {
    static func require(output: String) throws {
        var reason = [CChar](repeating: 0, count: 512)
        guard pkgctl_curl_load(&reason, UInt(reason.count)) != 0 else { return }
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw HTTPSinkError.libraryUnavailable(output: output, reason: text)
    }
}
