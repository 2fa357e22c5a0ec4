import XCTest
@testable import Packager

/// The JSON and text outputs, byte for byte.
final class TimelineRenderTests: XCTestCase {
    func testJSONHasTheDocumentedKeysInAFixedOrderWithMillisecondNumbers() throws {
        let json = TimelineJSONWriter.render(try TimelineFixtures.snapshot("point_resume0.m3u8"))
        let primaryKeys = #""occupancy":null,"style":null,"content_may_vary":null,"restrictions":[],"resume_offset":null,"playout_limit":null,"assets":[]}"#
        XCTAssertEqual(json, """
        {
          "duration": 115,
          "primary_duration": 100,
          "segments": [
            {"type":"primary","id":null,"start":0,"end":20,"primary_start":0,"primary_end":20,\(primaryKeys),
            {"type":"interstitial","id":"ad1","start":20,"end":35,"primary_start":20,"primary_end":20,"occupancy":"POINT","style":"HIGHLIGHT","content_may_vary":true,"restrictions":["SKIP","JUMP"],"resume_offset":0,"playout_limit":null,"assets":[{"uri":"https://ads.example.com/ad1.m3u8","duration":null}]},
            {"type":"primary","id":null,"start":35,"end":115,"primary_start":20,"primary_end":100,\(primaryKeys)
          ],
          "markers": [
            {"type":"point","id":"ad1","start":20,"end":20}
          ]
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

    func testMillisecondRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(Milliseconds.seconds(1_234_500_000), "1.235")
        XCTAssertEqual(Milliseconds.seconds(1_234_499_999), "1.234")
        XCTAssertEqual(Milliseconds.seconds(-250_000_000), "-0.25")
        XCTAssertEqual(Milliseconds.seconds(1_000_000), "0.001")
        XCTAssertEqual(Milliseconds.seconds(0), "0")
    }

    func testTextBarMarksPointsWithPipes() throws {
        // 103 s over 60 columns: points at 50 s → column 29 and 60 s → column 34.
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("stacked.m3u8"))
        let bar = String(repeating: "=", count: 29) + "|" + String(repeating: "=", count: 4) + "|" + String(repeating: "=", count: 25)
        XCTAssertEqual(text, """
        [\(bar)] 103s (primary 100s)
        break-b  POINT/HIGHLIGHT  plays 50-60s  primary 50->60s  resume 10s  assets 1
        break-a  POINT/HIGHLIGHT  plays 60-68s  primary 60->65s  resume 5s  assets 1

        """)
    }

    func testTextBarFillsHighlightedRangesWithHashes() throws {
        // 129.75 s over 60 columns: 10 s → column 4, 39.75 s → column 18 (exclusive).
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("asset_list.m3u8"))
        let bar = "====" + String(repeating: "#", count: 14) + String(repeating: "=", count: 42)
        XCTAssertEqual(text, """
        [\(bar)] 129.75s (primary 100s)
        pod  RANGE/HIGHLIGHT  plays 10-39.75s  primary 10->10s  resume 0s  assets 3

        """)
    }

    func testTextBarDrawsPrimaryStyledInterstitialsAsPrimary() throws {
        let text = TimelineTextRenderer.render(try TimelineFixtures.snapshot("range_primary_style.m3u8"))
        XCTAssertTrue(text.hasPrefix("[" + String(repeating: "=", count: 60) + "] 100s (primary 100s)\n"))
        XCTAssertTrue(text.contains("recap  RANGE/PRIMARY  plays 40-50s  primary 40->50s  resume 10s  assets 1"))
    }
}
