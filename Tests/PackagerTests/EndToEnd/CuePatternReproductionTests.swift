import Foundation
import XCTest
@testable import Packager

/// The cue patterns every broadcaster sends that the first version got wrong in live, run
/// through the built binary as a user would: a splice cancelled after it started, a break that
/// holds its ads, a GOP that does not divide the segment duration.
final class CuePatternReproductionTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func pkgctl(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ToolRun {
        let run = try ToolRun.run(PkgctlLiveProcess.executable.path, arguments)
        XCTAssertEqual(run.status, 0, "pkgctl \(arguments.joined(separator: " ")): \(run.errors.suffix(2000))", file: file, line: line)
        return run
    }

    private func sheet(_ build: (inout CueSheetFile) -> Void, for media: URL) throws -> URL {
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        build(&sheet)
        let url = scratch.appendingPathComponent("cues-\(UUID().uuidString.prefix(6)).txt")
        try sheet.write(to: url)
        return url
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func testSpliceCancelledAfterItStartedEndsThereAndLaterBreaksStillGetTheirAssetsInLive() throws {
        let media = try GeneratedMedia.ts(seconds: 180)
        let cues = try sheet({ s in
            s.splice(event: 1, out: true, at: 10, duration: 30)
            s.cancel(event: 1, at: 15)
            s.splice(event: 2, from: 60, to: 90)
            s.splice(event: 3, from: 120, to: 150)
        }, for: media)
        let out = scratch.appendingPathComponent("live")
        _ = try pkgctl(["live", "-i", media.path, "-o", out.path, "--sidecar", cues.path, "--placement", "strip", "--event"])
        let playlist = LivePlaylistText(try text(out.appendingPathComponent("primary/index.m3u8")))
        XCTAssertEqual(playlist.range("ad-1-1")?.attributes["DURATION"], "6", "ends at the first keyframe after the cancel")
        for (id, seconds) in [("ad-1-1", 6), ("ad-2-1", 30), ("ad-3-1", 30)] {
            XCTAssertEqual(playlist.range(id)?.attributes["X-ASSET-URI"],
                           "http://127.0.0.1:8000/assets/\(id)/index.m3u8?_HLS_interstitial_id=\(id)")
            let asset = LivePlaylistText(try text(out.appendingPathComponent("assets/\(id)/index.m3u8")))
            XCTAssertEqual(asset.segments.reduce(0) { $0 + $1.duration }, Double(seconds), accuracy: 0.001, id)
            XCTAssertTrue(asset.endList, "\(id)'s asset is complete")
        }
        let total = playlist.segments.reduce(0) { $0 + $1.duration }
        XCTAssertEqual(total, 180 - 6 - 30 - 30, accuracy: 0.05, "the stripped primary runs to the end of the input")
    }

    func testBreakThatHoldsItsAdsIsOneInterstitialWithATwoEntryListInLiveAndNestedInTheVodReport() throws {
        let media = try GeneratedMedia.ts(seconds: 90, gop: 1)
        let cues = try sheet({ s in
            s.segmentation(event: 10, type: 0x22, at: 30, duration: 30)
            s.segmentation(event: 11, type: 0x30, at: 30, duration: 15, arriving: 3.9)
            s.segmentation(event: 11, type: 0x31, at: 45)
            s.segmentation(event: 12, type: 0x30, at: 45, duration: 15, arriving: 3.9)
            s.segmentation(event: 12, type: 0x31, at: 60)
            s.segmentation(event: 10, type: 0x23, at: 60, arriving: 3.9)
        }, for: media)
        let live = scratch.appendingPathComponent("live")
        _ = try pkgctl(["live", "-i", media.path, "-o", live.path, "--sidecar", cues.path, "--event"])
        let playlist = LivePlaylistText(try text(live.appendingPathComponent("primary/index.m3u8")))
        XCTAssertEqual(playlist.rangeIDs.filter { !$0.hasSuffix("-scte35") }, ["ad-10-1"],
                       "one interstitial per break, never one per ad at the same START-DATE")
        XCTAssertEqual(playlist.range("ad-10-1")?.attributes["X-ASSET-LIST"],
                       "http://127.0.0.1:8000/assets/ad-10-1/list.json?_HLS_interstitial_id=ad-10-1")
        XCTAssertEqual(try text(live.appendingPathComponent("assets/ad-10-1/list.json")), "{\"ASSETS\":["
                       + "{\"URI\":\"http://127.0.0.1:8000/assets/ad-11-1/index.m3u8\",\"DURATION\":15},"
                       + "{\"URI\":\"http://127.0.0.1:8000/assets/ad-12-1/index.m3u8\",\"DURATION\":15}]}")
        let vod = scratch.appendingPathComponent("vod")
        _ = try pkgctl(["vod", media.path, "-o", vod.path, "--sidecar", cues.path])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: vod.appendingPathComponent("report.json")))
                                   as? [String: Any])
        let spans = report["spans"] as? [[String: Any]] ?? []
        XCTAssertEqual(spans.map { $0["id"] as? String }, ["ad-10-1"])
        let nested = spans.first?["nested"] as? [[String: Any]] ?? []
        XCTAssertEqual(nested.map { $0["id"] as? String }, ["ad-11-1", "ad-12-1"])
        XCTAssertEqual(nested.map { $0["asset_duration"] as? Double }, [15, 15])
    }

    func testGOPOfFourSecondsUnderSegmentDurationSixNeverPublishesAnEXTINFAboveTheTarget() throws {
        let media = try GeneratedMedia.ts(seconds: 60, gop: 4)
        let live = scratch.appendingPathComponent("live")
        let run = try pkgctl(["live", "-i", media.path, "-o", live.path, "--segment-duration", "6", "--event"])
        let text = try text(live.appendingPathComponent("primary/index.m3u8"))
        XCTAssertTrue(text.contains("#EXT-X-TARGETDURATION:6\n"), text)
        let extinfs = text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }
        XCTAssertEqual(extinfs.count, 15)
        XCTAssertTrue(extinfs.allSatisfy { $0 == "#EXTINF:4.000," }, "\(extinfs)")
        let validate = try ToolRun.run(PkgctlLiveProcess.executable.path, ["validate", live.appendingPathComponent("primary/index.m3u8").path])
        XCTAssertEqual(validate.status, 0, validate.output + validate.errors)
        XCTAssertFalse(run.errors.contains("\"level\":\"error\""), run.errors)
    }
}
