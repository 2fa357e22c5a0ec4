import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod -o http://origin/…`: the same presentation PUT to an origin (nginx WebDAV), every
/// segment before any playlist, so a reader never finds a listed segment missing.
final class VodHTTPOutputTests: XCTestCase {
    private var origin: NginxWebDAVOrigin?

    override func tearDown() { origin?.tearDown() }

    /// A started origin, the presentation's prefix on it (`path`), and options naming its assets there.
    private func presentation(at path: String) throws -> (NginxWebDAVOrigin, URL, VodOptions) {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let base = try XCTUnwrap(BaseURL.parse(nginx.baseURL.absoluteString + path))
        var options = VodOptions()
        options.assetBaseURL = base
        return (nginx, base, options)
    }

    func testVodToAnOriginPutsEverySegmentBeforeAnyPlaylistAndTheResultValidates() throws {
        let (nginx, base, options) = try presentation(at: "show")
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, origin: base, options: options)
        XCTAssertEqual(report.spans.filter { $0.skipped == nil }.count, 3)
        let puts = nginx.storedPuts(count: report.primarySegments + 6)
        let firstPlaylist = try XCTUnwrap(puts.firstIndex { $0.hasSuffix(".m3u8") })
        let lastSegment = try XCTUnwrap(puts.lastIndex { $0.hasSuffix(".ts") })
        XCTAssertLessThan(lastSegment, firstPlaylist, "a playlist reached the origin before a segment: \(puts)")
        let root = nginx.documentRoot.appendingPathComponent("show")
        let findings = try PlaylistValidator.validate(path: root.appendingPathComponent("master.m3u8").path,
                                                      maps: [try URLMapping.parse(base.absoluteString + "=" + root.path)])
        XCTAssertEqual(LiveChecks.errors(findings), [])
        XCTAssertNotNil(nginx.published("show/assets/ad-1001-1/index.m3u8"))
    }

    /// `output.http.headers` / `--http-header`: an origin that wants a token gets it on every
    /// request; without it nothing is stored and the run fails at the first refusal, naming it.
    func testAnOriginWantingATokenGetsItFromTheHTTPSettings() throws {
        let (nginx, base, options) = try presentation(at: "private/show")
        var http = HTTPSinkOptions()
        http.extraHeaders = ["Authorization": "Bearer \(NginxWebDAVOrigin.token)"]
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, origin: base, options: options, http: http)
        XCTAssertNotNil(nginx.published("private/show/master.m3u8"))
        XCTAssertEqual(nginx.storedPuts(count: report.primarySegments).filter { $0.hasPrefix("/private/show/primary/seg_") }.count,
                       report.primarySegments)

        // Refused: the upload ends at the first refusal instead of trying every segment in turn.
        let refused = try XCTUnwrap(BaseURL.parse(nginx.baseURL.absoluteString + "private/other"))
        XCTAssertThrowsError(try VodPipeline.run(input: TestMedia.liveTS.path, origin: refused, options: options)) { error in
            XCTAssertEqual(String(describing: error), "the output of '\(TestMedia.liveTS.path)' is incomplete: the upload stopped at "
                + "the first segment the origin did not store (PUT \(refused.absoluteString)primary/seg_00000.ts was answered "
                + "with HTTP 401); no playlist was published")
        }
        XCTAssertEqual(nginx.requests(atLeast: 1, under: "/private/other/").map(\.status), [401])
        XCTAssertNil(nginx.published("private/other/master.m3u8"))
    }
}
