import CCurlLoader
import CCurlProbe
import XCTest

/// The libcurl forwarders every HTTP request of pkgctl goes through (Sources/CCurlLoader):
/// requests made with them against the test origin, one option of every kind their variadic
/// setopt has to pass on, must arrive as libcurl's own calls would send them.
final class CurlLoaderTests: XCTestCase {
    private var origin: NginxWebDAVOrigin?

    override func tearDown() {
        origin?.tearDown()
        origin = nil
        super.tearDown()
    }

    func testAPutAndAGetThroughTheForwardersCarryEveryKindOfOption() throws {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let url = nginx.baseURL.appendingPathComponent("private/probe.bin").absoluteString
        let auth = "Authorization: Bearer \(NginxWebDAVOrigin.token)"
        // 70,000 bytes: more than one read callback's buffer, so the body's size (a curl_off_t)
        // and the callback (a function) both matter.
        let body = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

        XCTAssertEqual(try put(url, header: auth, body), 201)
        XCTAssertEqual(pkgctl_curl_is_loaded(), 1)
        XCTAssertEqual(nginx.published("private/probe.bin"), Data(body))
        let (status, fetched) = try get(url, header: auth, capacity: 100_000)
        XCTAssertEqual(status, 200)
        XCTAssertEqual(fetched, body)
        // The header list is what lets the request through.
        XCTAssertEqual(try put(url, header: nil, [1, 2, 3]), 401)
        XCTAssertEqual(try get(url, header: nil, capacity: 100_000).status, 401)
    }

    func testLoadingIsIdempotentAndReportsNoReason() {
        var reason = [CChar](repeating: 0, count: 256)
        XCTAssertEqual(pkgctl_curl_load(&reason, UInt(reason.count)), 0)
        XCTAssertEqual(pkgctl_curl_load(&reason, UInt(reason.count)), 0)
        XCTAssertEqual(reason[0], 0)
        XCTAssertEqual(pkgctl_curl_is_loaded(), 1)
    }

    private func put(_ url: String, header: String?, _ body: [UInt8]) throws -> Int {
        var status = 0
        let chars = body.map { CChar(bitPattern: $0) }
        let code = withOptionalCString(header) { pkgctl_curl_probe_put(url, $0, chars, chars.count, &status) }
        try check(code)
        return status
    }

    private func get(_ url: String, header: String?, capacity: Int) throws -> (status: Int, body: [UInt8]) {
        var status = 0
        var length = 0
        var out = [CChar](repeating: 0, count: capacity)
        let code = withOptionalCString(header) { pkgctl_curl_probe_get(url, $0, &out, capacity, &length, &status) }
        try check(code)
        return (status, out.prefix(length).map { UInt8(bitPattern: $0) })
    }

    private func check(_ code: Int32) throws {
        guard code != 0 else { return }
        throw WebDAVOriginError(description: "libcurl: \(String(cString: pkgctl_curl_probe_error(code)))")
    }

    private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}
