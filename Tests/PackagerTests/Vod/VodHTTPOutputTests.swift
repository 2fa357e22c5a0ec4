import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod -o http://origin/…`: the same presentation PUT to an origin (nginx WebDAV), every
/// segment before any playlist, so a reader never finds a listed segment missing.
final class VodHTTPOutputTests: XCTestCase {
    private var origin: NginxWebDAVOrigin?

    override func tearDown() { origin?.tearDown() }

    func testVodToAnOriginPutsEverySegmentBeforeAnyPlaylistAndTheResultValidates() throws {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let base = try XCTUnwrap(BaseURL.parse(nginx.baseURL.absoluteString + "show"))
        var options = VodOptions()
        options.assetBaseURL = base
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
}
