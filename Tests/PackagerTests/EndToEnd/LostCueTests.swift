import Foundation
import XCTest
@testable import Packager

/// A cue lost in transit: live and `pkgctl cues` apply the same lost-cue rules (one tracker), and
/// a break still open when the input ends has its SCTE-35 range completed, never dropped.
final class LostCueTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    func testRecapWhoseEndCueIsLostEndsAtItsPlannedEndInLiveAndInCues() throws {
        let media = try GeneratedMedia.ts(seconds: 90)
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        sheet.segmentation(event: 2001, type: 0x20, at: 2, duration: 10, arriving: 2, adi: "CHAPTER:recap-0001")
        // …its 0x21 Chapter End never arrives.
        sheet.splice(event: 1001, out: true, at: 30, duration: 30)
        sheet.splice(event: 1001, out: false, at: 60)
        let cues = scratch.appendingPathComponent("cues.txt")
        try sheet.write(to: cues)

        var scan = CueScanOptions()
        scan.sidecar = cues
        let scanned = try CueScan.run(input: media.path, options: scan)
        XCTAssertEqual(scanned.spans.map(\.kind), [.recap, .ad])
        XCTAssertEqual(scanned.spans.map { ($0.endTicks ?? 0) - (scanned.t0 ?? 0) }, [12 * 90_000, 60 * 90_000])
        XCTAssertEqual(scanned.spans.first?.endedBy, .plannedEnd)

        let run = try InProcessLive.run({ $0.sidecar = cues; $0.event = true }, input: media, output: scratch.appendingPathComponent("live"))
        let playlist = LivePlaylistText(try run.text("primary/index.m3u8"))
        XCTAssertEqual(playlist.range("recap-2001-1")?.attributes["DURATION"], "10")
        XCTAssertEqual(playlist.range("ad-1001-1")?.attributes["DURATION"], "30", "the break gets its own asset, not the recap's")
        XCTAssertEqual(playlist.range("recap-2001-1")?.attributes["X-ASSET-URI"],
                       "http://127.0.0.1:8000/assets/recap-2001-1/index.m3u8?_HLS_interstitial_id=recap-2001-1")
        XCTAssertEqual(LivePlaylistText(try run.text("assets/recap-2001-1/index.m3u8")).segments.reduce(0) { $0 + $1.duration },
                       10, accuracy: 0.001)
    }

    func testBreakStillOpenWhenTheInputEndsIsCompletedNotDropped() throws {
        let media = try GeneratedMedia.ts(seconds: 90)
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        sheet.splice(event: 5, out: true, at: 70)               // no duration, no IN before the end
        let cues = scratch.appendingPathComponent("cues.txt")
        try sheet.write(to: cues)
        let run = try InProcessLive.run({ $0.sidecar = cues; $0.event = true }, input: media, output: scratch.appendingPathComponent("live"))
        let playlist = LivePlaylistText(try run.text("primary/index.m3u8"))
        XCTAssertEqual(playlist.range("ad-5-1-scte35")?.attributes["DURATION"], "20", "completed where the input ended")
        XCTAssertNil(playlist.range("ad-5-1"), "an asset cut short by the end of input is not offered as an interstitial")
    }
}
