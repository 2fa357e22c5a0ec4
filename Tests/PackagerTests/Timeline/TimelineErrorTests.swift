import XCTest
@testable import Packager

/// Bad input yields one typed error that names the file, line and attribute.
final class TimelineErrorTests: XCTestCase {
    private func loadError(_ location: TimelineLocation) -> TimelineError? {
        do {
            _ = try TimelineLoader().load(location)
            return nil
        } catch {
            return error as? TimelineError
        }
    }

    func testMalformedResumeOffsetIsRejectedWithItsLineAndValue() {
        let path = TimelineFixtures.path("bad_resume.m3u8")
        let error = loadError(.file(path))
        XCTAssertEqual(error, .badAttribute(location: path, line: 7, id: "ad1", attribute: "X-RESUME-OFFSET",
                                            value: "abc", expected: "a decimal number of seconds"))
        XCTAssertEqual(error?.description,
                       "\(path):7: interstitial 'ad1': X-RESUME-OFFSET=abc is not a decimal number of seconds")
    }

    func testInterstitialsWithoutProgramDateTimeCannotBePlaced() {
        let path = TimelineFixtures.path("no_pdt.m3u8")
        XCTAssertEqual(loadError(.file(path)), .noProgramDateTime(location: path))
    }

    func testMissingFileIsUnreadable() {
        let path = TimelineFixtures.path("does_not_exist.m3u8")
        XCTAssertEqual(loadError(.file(path)), .unreadable(location: path, reason: "no such file"))
    }

    func testFileThatIsNotAPlaylistIsRejected() {
        let path = TimelineFixtures.path("assets/pod.json")
        XCTAssertEqual(loadError(.file(path)), .notAPlaylist(location: path))
    }

    func testUnsupportedSchemeIsRejectedBeforeReading() throws {
        XCTAssertThrowsError(try TimelineLocation(argument: "srt://host:9000")) { error in
            XCTAssertEqual(error as? TimelineError, .unsupportedLocation("srt://host:9000"))
        }
        let url = try XCTUnwrap(URL(string: "https://cdn.example.com/live.m3u8"))
        XCTAssertEqual(try TimelineLocation(argument: url.absoluteString), .remote(url))
        XCTAssertEqual(try TimelineLocation(argument: "file:///tmp/a.m3u8"), .file("/tmp/a.m3u8"))
    }

    func testUnreachableURLIsReportedAsUnreadable() throws {
        // Port 9 on localhost (discard) is closed in the test environment: connection refused.
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:9/live.m3u8"))
        let loader = TimelineLoader(fetcher: PlaylistFetcher(timeout: 5))
        XCTAssertThrowsError(try loader.load(.remote(url))) { error in
            guard case .unreadable(let location, _)? = error as? TimelineError else {
                return XCTFail("expected unreadable, got \(error)")
            }
            XCTAssertEqual(location, url.absoluteString)
        }
    }

    func testAssetListWithoutDurationsIsRejected() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json")
        try Data(#"{"ASSETS":[{"URI":"https://ads.example.com/a.m3u8"}]}"#.utf8).write(to: list)
        let playlist = directory.appendingPathComponent("p.m3u8")
        try Data("""
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00.000Z
        #EXT-X-DATERANGE:ID="x",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:05.000Z",X-ASSET-LIST="list.json"
        #EXTINF:10.000,
        a.ts
        #EXT-X-ENDLIST

        """.utf8).write(to: playlist)
        XCTAssertEqual(loadError(.file(playlist.path)),
                       .badAssetList(location: list.path, reason: "ASSETS[0] needs a \"URI\" string and a \"DURATION\" number"))
    }
}
