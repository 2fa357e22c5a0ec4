import XCTest
@testable import Packager

/// The timeline reads only what it was asked to: a local playlist never leads to the
/// network, and `--offline` (PlaylistFetcher.offline) refuses every URL.
final class TimelineNetworkTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func loadError(_ location: TimelineLocation, fetcher: PlaylistFetcher = PlaylistFetcher()) -> TimelineError? {
        do {
            _ = try TimelineLoader(fetcher: fetcher).load(location)
            return nil
        } catch {
            return error as? TimelineError
        }
    }

    func testLocalMultivariantWithAnAbsoluteVariantURLIsNotFollowedOverTheNetwork() throws {
        // Port 9 would refuse a connection; the error must come before any attempt.
        let master = try write("master.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=640x360\nhttp://127.0.0.1:9/v.m3u8\n")
        XCTAssertEqual(loadError(.file(master)), .remoteReference(location: master, line: 3, url: "http://127.0.0.1:9/v.m3u8"))
        XCTAssertEqual(loadError(.file(master))?.description,
                       "\(master):3: the variant is http://127.0.0.1:9/v.m3u8, a remote URL; a local playlist is read without network access (give that URL as the input to fetch it)")
    }

    func testOfflineRefusesARemoteInput() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:9/live.m3u8"))
        XCTAssertEqual(loadError(.remote(url), fetcher: PlaylistFetcher(offline: true)), .offline(url: url.absoluteString))
    }

    func testMasterWhoseVariantIsItselfIsACycle() throws {
        let master = try write("self.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nself.m3u8\n")
        XCTAssertEqual(loadError(.file(master)), .referenceCycle(location: master, line: 3))
    }

    func testFileThatStartsWithEXTM3UButHoldsNothingIsNotCalledHeaderless() throws {
        let empty = try write("empty.m3u8", "#EXTM3U\n#EXT-X-VERSION:3\n")
        XCTAssertEqual(loadError(.file(empty)), .emptyPlaylist(location: empty))
        XCTAssertEqual(loadError(.file(empty))?.description,
                       "\(empty) starts with #EXTM3U but has no media segments, no EXT-X-TARGETDURATION and no variants")
    }

    func testPlaylistAboveTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let big = try write("big.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + String(repeating: "#EXTINF:6.0,\ns.ts\n", count: 100))
        let fetcher = PlaylistFetcher(limits: ReadLimits(maxPlaylistBytes: 1000))
        XCTAssertEqual(loadError(.file(big), fetcher: fetcher), .tooLarge(location: big, bytes: 1832, limit: 1000))
    }

    func testOverlongLineIsReportedWithItsNumber() throws {
        let long = try write("long.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n" + String(repeating: "a", count: 300) + "\n")
        let fetcher = PlaylistFetcher(limits: ReadLimits(maxLineBytes: 200))
        XCTAssertEqual(loadError(.file(long), fetcher: fetcher), .lineTooLong(location: long, line: 4, limit: 200))
    }

    func testControlCharactersFromTheInputAreEscapedInErrors() {
        XCTAssertEqual(TimelineError.notAPlaylist(location: "a\u{1B}]0;x\u{07}.m3u8").description,
                       #"a\x1B]0;x\x07.m3u8 is not an HLS playlist: it does not start with #EXTM3U"#)
    }
}

/// Everything the timeline prints escapes control characters from the playlist.
final class TimelineEscapingTests: XCTestCase {
    func testJSONOutputsEscapeC0AndC1Controls() {
        let hostile = TimelineTestData.interstitial("ad\u{1B}\u{9B}2J", at: 10, duration: 5, resume: 0)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 20, [hostile]))
        for text in [TimelineJSONWriter.render(snapshot), TimelineEvent.segmentsChanged(reason: .announced, id: hostile.id).jsonLine,
                     TimelineSVGRenderer.render(snapshot)] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, text)
        }
        XCTAssertTrue(TimelineJSONWriter.render(snapshot).contains(#""id":"ad\u001b\u009B2J""#))
    }
}
