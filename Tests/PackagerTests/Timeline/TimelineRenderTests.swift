import XCTest
@testable import Packager

/// The JSON and text outputs, byte for byte.
final class TimelineRenderTests: XCTestCase {
    func testJSONHasTheDocumentedKeysInAFixedOrderWithMillisecondNumbers() throws {
        let json = TimelineJSONWriter.render(try TimelineFixtures.snapshot("point_resume0.m3u8"))
        let primaryKeys = #""cue":null,"occupancy":null,"style":null,"content_may_vary":null,"restrictions":[],"snap":[],"resume_offset":null,"playout_limit":null,"assets":[]}"#
        XCTAssertEqual(json, """
        {
          "duration": 100,
          "playout_duration": 115,
          "primary_duration": 100,
          "live": false,
          "segments": [
            {"type":"primary","id":null,"start":0,"end":20,"playout_start":0,"playout_end":20,"primary_start":0,"primary_end":20,\(primaryKeys),
            {"type":"interstitial","id":"ad1","start":20,"end":20,"playout_start":20,"playout_end":35,"primary_start":20,"primary_end":20,"cue":"START-DATE","occupancy":"POINT","style":"HIGHLIGHT","content_may_vary":true,"restrictions":["SKIP","JUMP"],"snap":[],"resume_offset":0,"playout_limit":null,"assets":[{"uri":"https://ads.example.com/ad1.m3u8","duration":null}]},
            {"type":"primary","id":null,"start":20,"end":100,"playout_start":35,"playout_end":115,"primary_start":20,"primary_end":100,\(primaryKeys)
          ],
          "markers": [
            {"type":"point","id":"ad1","start":20,"end":20}
          ],
          "unscheduled": []
        }

        """)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    func testJSONRoundsToMillisecondsAndListsAssetDurations() throws {
        let json = TimelineJSONWriter.render(try TimelineFixtures.snapshot("asset_list.m3u8"))
        XCTAssertTrue(json.contains(#""duration": 129.75,"#))
        XCTAssertTrue(json.contains(#""assets":[{"uri":"https://ads.example.com/a1.m3u8","duration":6},{"uri":"https://ads.example.com/a2.m3u8","duration":15.5},{"uri":"https://ads.example.com/a3.m3u8","duration":8.25}]"#))
        XCTAssertTrue(json.contains(#"{"type":"range","id":"pod","start":10,"end":39.75}"#))
    }

    func testJSONOfALiveSnapshotNamesTheJoinPoint() {
        let ad = TimelineTestData.interstitial("ad", at: 20, duration: 30)
        var snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 60, isLive: true, joinAt: 30, [ad]))
        XCTAssertTrue(TimelineJSONWriter.render(snapshot).contains(#""live_join": {"primary":30,"pre_roll":null,"interstitial":"ad","start_offset":10},"#))
        snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 60, [ad]))
        XCTAssertFalse(TimelineJSONWriter.render(snapshot).contains("live_join"))
    }

    func testMillisecondRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(Milliseconds.seconds(1_234_500_000), "1.235")
        XCTAssertEqual(Milliseconds.seconds(1_234_499_999), "1.234")
        XCTAssertEqual(Milliseconds.seconds(-250_000_000), "-0.25")
        XCTAssertEqual(Milliseconds.seconds(1_000_000), "0.001")
        XCTAssertEqual(Milliseconds.seconds(0), "0")
    }

    func testTextBarMarksPointsWithPipesAndStacksLabelsThatWouldOverlap() throws {
        // 85 s integrated over 60 columns: both POINTs at 50 s → column 35; their labels
        // start one column right (after '[') and take two rows.
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("stacked.m3u8"))
        let bar = String(repeating: "=", count: 35) + "|" + String(repeating: "=", count: 24)
        let pad = String(repeating: " ", count: 36)
        XCTAssertEqual(text, """
        [\(bar)] 85s integrated, 103s playout (primary 100s)
        \(pad)break-b
        \(pad)break-a
        break-b  POINT/HIGHLIGHT  at 50s  plays 50-60s  primary 50->60s  resume 10s  assets 1
        break-a  POINT/HIGHLIGHT  at 50s  plays 60-68s  primary 60->65s  resume 5s  assets 1

        """)
    }

    func testTextBarFillsRangesWithHashesAsWideAsTheyPlay() throws {
        // 129.75 s over 60 columns: 10 s → column 4, 39.75 s → column 18 (exclusive).
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("asset_list.m3u8"))
        let bar = "====" + String(repeating: "#", count: 14) + String(repeating: "=", count: 42)
        XCTAssertEqual(text, """
        [\(bar)] 129.75s integrated, 129.75s playout (primary 100s)
             pod
        pod  RANGE/HIGHLIGHT  at 10s  plays 10-39.75s  primary 10->10s  resume 0s  assets 3

        """)
    }

    func testLabelsApartEnoughShareARow() {
        let a = TimelineTestData.interstitial("a", at: 10, duration: 5, resume: 0)
        let b = TimelineTestData.interstitial("b", at: 50, duration: 5, resume: 0)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 100, [a, b]))
        // 100 s over 10 columns: a at column 1, b at column 5; labels at 2 and 6, one row.
        XCTAssertEqual(TimelineTextRenderer.labelRows(snapshot, width: 10), ["  a   b"])
    }

    func testTextBarDrawsPrimaryStyledInterstitialsAsPrimary() throws {
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("range_primary_style.m3u8"))
        XCTAssertTrue(text.hasPrefix("[" + String(repeating: "=", count: 60) + "] 100s integrated, 100s playout (primary 100s)\n"))
        XCTAssertTrue(text.contains("recap  RANGE/PRIMARY  at 40s  plays 40-50s  primary 40->50s  resume 10s  assets 1"))
    }

    func testControlCharactersInIDsArePrintedEscaped() {
        let hostile = TimelineTestData.interstitial("ad\u{1B}[2J", at: 10, duration: 5, resume: 0)
        let text = TimelineTextRenderer.render(IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 20, [hostile])))
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains(#"ad\x1B[2J  POINT/HIGHLIGHT"#))
    }
}
