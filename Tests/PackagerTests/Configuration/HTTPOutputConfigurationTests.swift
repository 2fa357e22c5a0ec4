import Foundation
import XCTest
@testable import Packager

/// `output.http` (and `--http-header`, `--http-timeout`, `--http-retry`, `--http-parallel`): an
/// origin's headers, request timeout, retry time and uploads at once reach the HTTP sink's
/// options, flags over the file; a header that would break the request, a value out of range,
/// or the keys with a directory output are refused naming the key (or flag) and never echoing
/// a header's value.
final class HTTPOutputConfigurationTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private var file: String { scratch.appendingPathComponent("c.json").path }

    private func load(_ json: String) throws -> PipelineConfiguration {
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: file)
    }

    private let liveToOrigin = #""live": {"input": "udp://127.0.0.1:5000", "output": "http://127.0.0.1:8080/live", "state_dir": "/tmp/s"}"#

    func testFileSettingsReachTheLiveChannelsHTTPSinkOptions() throws {
        let c = try load(#"{"output": {"http": {"headers": {"Authorization": "Bearer s3cret", "X-Channel": "one"}, "#
                         + #""request_timeout": 5, "retry_seconds": 12}}, "# + liveToOrigin + "}")
        let http = try c.liveOptions().http
        XCTAssertEqual(http.extraHeaders, ["Authorization": "Bearer s3cret", "X-Channel": "one"])
        XCTAssertEqual(http.requestTimeout, 5)
        XCTAssertEqual(http.itemDeadline, 12)
    }

    func testWithoutTheSectionTheSinkDefaultsStand() throws {
        let http = try load("{" + liveToOrigin + "}").liveOptions().http
        XCTAssertEqual(http, HTTPSinkOptions())
        XCTAssertEqual(http.requestTimeout, 10)
        XCTAssertEqual(http.itemDeadline, 30)
    }

    func testFlagsReplaceTheFilesHeaderOfTheSameNameAndKeepTheOthers() throws {
        let c = try load(#"{"output": {"http": {"headers": {"Authorization": "Bearer old", "X-Keep": "1"}, "retry_seconds": 12}}}"#)
        var flags = PipelineConfiguration()
        flags.output.http.headers["Authorization"] = "Bearer new"
        flags.output.http.retrySeconds = 0
        flags.note("output.http.headers", from: "--http-header")
        flags.note("output.http.retry_seconds", from: "--http-retry")
        let http = try c.merging(flags).httpSinkOptions(isHTTPOutput: true)
        XCTAssertEqual(http.extraHeaders, ["Authorization": "Bearer new", "X-Keep": "1"])
        XCTAssertEqual(http.itemDeadline, 0)
        XCTAssertEqual(http.requestTimeout, 10)
    }

    func testAHeaderValueWithALineBreakIsRefusedWithoutEchoingIt() throws {
        let c = try load(#"{"output": {"http": {"headers": {"Authorization": "Bearer a\r\nX-Evil: 1"}}}}"#)
        XCTAssertThrowsError(try c.httpSinkOptions(isHTTPOutput: true)) { error in
            XCTAssertEqual(String(describing: error),
                           "\(file): output.http.headers.Authorization: the value of Authorization holds a line break or NUL")
        }
    }

    func testHeaderNamesMustBeTokensAndNotOnesPkgctlSetsItself() throws {
        let spaced = try load(#"{"output": {"http": {"headers": {"Bad Name": "1"}}}}"#)
        XCTAssertThrowsError(try spaced.httpSinkOptions(isHTTPOutput: true)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "output.http.headers.Bad Name")
            XCTAssertTrue(String(describing: error).contains("is not an HTTP header name"), "\(error)")
        }
        for name in ["content-length", "Content-Type", "Host", "Transfer-Encoding"] {
            let c = try load(#"{"output": {"http": {"headers": {"\#(name)": "1"}}}}"#)
            XCTAssertThrowsError(try c.httpSinkOptions(isHTTPOutput: true), name) { error in
                XCTAssertEqual(String(describing: error),
                               "\(file): output.http.headers.\(name): \(name) is set by pkgctl for each request (or by HTTP itself) and cannot be given")
            }
        }
    }

    func testTimeoutsOutOfRangeAreRefusedNamingTheFlag() throws {
        var flags = PipelineConfiguration()
        flags.output.http.requestTimeout = 0
        flags.note("output.http.request_timeout", from: "--http-timeout")
        XCTAssertThrowsError(try flags.httpSinkOptions(isHTTPOutput: true)) { error in
            XCTAssertEqual(String(describing: error), "option '--http-timeout': 0.0 is outside 1.0…600.0 seconds")
        }
        let c = try load(#"{"output": {"http": {"retry_seconds": -1}}}"#)
        XCTAssertThrowsError(try c.httpSinkOptions(isHTTPOutput: true)) {
            XCTAssertEqual(($0 as? ConfigError)?.path, "output.http.retry_seconds")
        }
    }

    /// `output.http.parallel` (`pkgctl vod --http-parallel`): a whole number of uploads, for vod only.
    func testParallelUploadsAreAWholeNumberFrom1To32AndRefusedForLive() throws {
        XCTAssertEqual(try load(#"{"output": {"http": {"parallel": 8}}}"#).httpSinkOptions(isHTTPOutput: true).parallelUploads, 8)
        XCTAssertNil(try load("{}").httpSinkOptions(isHTTPOutput: true).parallelUploads, "vod's origin sink then takes its default")
        for bad in ["0", "1.5", "33", "1e20"] {
            XCTAssertThrowsError(try load(#"{"output": {"http": {"parallel": \#(bad)}}}"#), bad) { error in
                XCTAssertEqual(String(describing: error), "\(file): output.http.parallel: expected a whole number of uploads, 1…32")
            }
        }
        let live = try load(#"{"output": {"http": {"parallel": 2}}, "# + liveToOrigin + "}")
        XCTAssertThrowsError(try live.liveOptions()) { error in
            XCTAssertEqual(String(describing: error),
                           "\(file): output.http.parallel: applies to pkgctl vod only (live uploads one item at a time, in order)")
        }
    }

    func testUnknownKeysAndNonStringValuesAreErrorsOfTheFile() throws {
        XCTAssertThrowsError(try load(#"{"output": {"http": {"timeout": 5}}}"#)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "output.http.timeout")
        }
        XCTAssertThrowsError(try load(#"{"output": {"http": {"headers": {"X-Number": 5}}}}"#)) { error in
            XCTAssertEqual(String(describing: error), "\(file): output.http.headers.X-Number: expected a string, found a number")
        }
    }

    func testTheKeysAreRefusedForADirectoryOutput() throws {
        let c = try load(#"{"output": {"http": {"headers": {"Authorization": "Bearer s3cret"}}}, "#
                         + #""live": {"input": "udp://127.0.0.1:5000", "output": "/tmp/out"}}"#)
        XCTAssertThrowsError(try c.liveOptions()) { error in
            XCTAssertEqual(String(describing: error), "\(file): output.http.headers.Authorization: applies to an http(s) output only")
        }
        XCTAssertThrowsError(try c.httpSinkOptions(isHTTPOutput: false))
        XCTAssertEqual(try load("{}").httpSinkOptions(isHTTPOutput: false), HTTPSinkOptions())
    }

    func testTheSettingsStayOutOfABatchTitlesConfigurationDigest() throws {
        let plain = try load("{}")
        let withToken = try load(#"{"output": {"http": {"headers": {"Authorization": "Bearer rotated"}, "retry_seconds": 5}}}"#)
        XCTAssertEqual(ConfigurationDigest(of: try plain.vodOptions()), ConfigurationDigest(of: try withToken.vodOptions()))
    }
}
