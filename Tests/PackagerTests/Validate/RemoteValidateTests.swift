import XCTest
@testable import Packager

/// Validating a URL: the playlists it references are fetched, and with `--media` its
/// segments, never more than `--max-fetch` requests; every failed fetch is a finding.
final class RemoteValidateTests: XCTestCase {
    private var directory: URL!
    private var server: StaticHTTPServer?

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws {
        server?.stop()
        try FileManager.default.removeItem(at: directory)
    }

    private func serveSample() throws -> (output: URL, server: StaticHTTPServer) {
        let output = try VodOutputs.copy(try VodOutputs.sample(.ts), into: directory)
        let server = try StaticHTTPServer(serving: output)
        self.server = server
        return (output, server)
    }

    private func validate(_ url: String, media: ValidateOptions.Media = .on, maxFetch: Int = 200) throws -> [Finding] {
        try PlaylistValidator.validate(input: url, options: ValidateOptions(media: media, maxFetch: maxFetch))
    }

    func testRemoteVODOutputWithMediaChecksHasNoFindings() throws {
        let (_, server) = try serveSample()
        XCTAssertEqual(try validate(server.url("master.m3u8")).map(\.message), [])
    }

    func testMissingRemoteSegmentIsAFetchFailureAtItsLine() throws {
        let (output, server) = try serveSample()
        try FileManager.default.removeItem(at: output.appendingPathComponent("primary/seg_00003.ts"))
        let findings = try validate(server.url("master.m3u8"))
        XCTAssertEqual(findings.map { "\($0.file):\($0.line) \($0.rule.rawValue)" }, ["\(server.url("primary/index.m3u8")):18 fetch-failed"])
        XCTAssertEqual(findings.first?.message,
                       "segment seg_00003.ts: cannot fetch \(server.url("primary/seg_00003.ts")): HTTP status 404")
        XCTAssertEqual(findings.first?.referencedFrom, "\(server.url("master.m3u8")):4")
    }

    func testMissingRemoteVariantIsAFetchFailureInTheMaster() throws {
        let (output, server) = try serveSample()
        try FileManager.default.removeItem(at: output.appendingPathComponent("primary/index.m3u8"))
        let findings = try validate(server.url("master.m3u8"))
        XCTAssertEqual(findings.map { "\($0.file):\($0.line) \($0.rule.rawValue)" }, ["\(server.url("master.m3u8")):4 fetch-failed"])
    }

    func testFetchBudgetBoundsTheRequestsAndReportsWhatWasLeft() throws {
        // master + media playlist + 21 segments would be 23 requests; 10 are allowed.
        let (_, server) = try serveSample()
        let findings = try validate(server.url("master.m3u8"), maxFetch: 10)
        XCTAssertEqual(findings.map(\.rule), [.fetchBudget])
        XCTAssertEqual(findings.first?.message, "13 http(s) resource(s) were not fetched: the --max-fetch budget of 10 is spent")
    }

    func testRemoteInputWithoutMediaChecksFetchesOnlyPlaylists() throws {
        let (_, server) = try serveSample()
        XCTAssertEqual(try validate(server.url("master.m3u8"), media: .auto, maxFetch: 2).map(\.rule), [])
    }

    func testLocalPlaylistNeverFetchesItsRemoteReferences() throws {
        let master = directory.appendingPathComponent("master.m3u8")
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nhttp://127.0.0.1:9/v.m3u8\n".utf8).write(to: master)
        XCTAssertEqual(try validate(master.path).map(\.rule), [])
    }
}
