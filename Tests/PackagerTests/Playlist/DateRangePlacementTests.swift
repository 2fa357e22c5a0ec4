import XCTest
@testable import Packager

final class DateRangePlacementTests: XCTestCase {
    private let midnight = PlaylistSamples.midnight
    /// seg0 [0, 2 s), seg1 [2 s, 4 s), then a wall-clock jump: seg2 [10 s, 12 s).
    private lazy var segments = [
        PlaylistSamples.segment("seg0.ts", ticks: 180_000, pdt: midnight),
        PlaylistSamples.segment("seg1.ts", ticks: 180_000, pdt: midnight + 2000),
        PlaylistSamples.segment("seg2.ts", ticks: 180_000, pdt: midnight + 10_000, discontinuity: true),
    ]

    /// The playlist body with date ranges shown by ID and segments by URI.
    private func layout(_ blocks: [DateRangeBlock]) -> [String] {
        let text = MediaPlaylist(kind: .vod, targetDuration: 2, segments: segments, dateRanges: blocks,
                                 independentSegments: false, endList: true).render()
        return text.split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("#EXT-X-DATERANGE:ID=\"") { return String(line.dropFirst(21).prefix { $0 != "\"" }) }
            return line.hasSuffix(".ts") ? String(line) : nil
        }
    }

    func testBlockGoesBeforeTheSegmentWhoseSpanContainsItsAnchor() {
        XCTAssertEqual(layout([PlaylistSamples.dateRange("mid", at: midnight + 3999)]), ["seg0.ts", "mid", "seg1.ts", "seg2.ts"])
        XCTAssertEqual(layout([PlaylistSamples.dateRange("edge", at: midnight + 2000)]), ["seg0.ts", "edge", "seg1.ts", "seg2.ts"])
        XCTAssertEqual(layout([PlaylistSamples.dateRange("zero", at: midnight)]), ["zero", "seg0.ts", "seg1.ts", "seg2.ts"])
    }

    func testBlockBeforeTheFirstSegmentGoesBeforeTheFirstSegment() {
        XCTAssertEqual(layout([PlaylistSamples.dateRange("early", at: midnight - 60_000)]), ["early", "seg0.ts", "seg1.ts", "seg2.ts"])
    }

    func testBlockAfterTheLastSegmentsEndGoesAfterTheLastSegment() {
        XCTAssertEqual(layout([PlaylistSamples.dateRange("late", at: midnight + 12_000)]), ["seg0.ts", "seg1.ts", "seg2.ts", "late"])
        XCTAssertEqual(layout([PlaylistSamples.dateRange("last", at: midnight + 11_999)]), ["seg0.ts", "seg1.ts", "last", "seg2.ts"])
    }

    func testBlockInAWallClockGapGoesBeforeTheNextSegment() {
        XCTAssertEqual(layout([PlaylistSamples.dateRange("gap", at: midnight + 7000)]), ["seg0.ts", "seg1.ts", "gap", "seg2.ts"])
    }

    func testBlocksAtTheSameInstantKeepTheirGivenOrder() {
        let blocks = [
            PlaylistSamples.dateRange("b", at: midnight + 2500),
            PlaylistSamples.dateRange("a", at: midnight + 2500),
            PlaylistSamples.dateRange("early", at: midnight + 100),
            PlaylistSamples.dateRange("c", at: midnight + 2500),
        ]
        XCTAssertEqual(layout(blocks), ["early", "seg0.ts", "b", "a", "c", "seg1.ts", "seg2.ts"])
    }

    func testAllLinesOfABlockAreWrittenVerbatimAndTogether() throws {
        let start = "START-DATE=\"2026-01-01T00:00:02.500Z\""
        let block = DateRangeBlock(anchorMillis: midnight + 2500, lines: [
            "#EXT-X-DATERANGE:ID=\"ad-1\",CLASS=\"com.apple.hls.interstitial\",\(start),X-ASSET-URI=\"https://ads.example.com/a.m3u8\",PLANNED-DURATION=30",
            "#EXT-X-DATERANGE:ID=\"ad-1\",CLASS=\"com.apple.hls.interstitial\",\(start),DURATION=1.5,X-RESUME-OFFSET=1.5",
        ])
        let text = MediaPlaylist(kind: .vod, targetDuration: 2, segments: segments, dateRanges: [block],
                                 independentSegments: false, endList: true).render()
        let lines = text.split(separator: "\n").map(String.init)
        let index = try XCTUnwrap(lines.firstIndex(of: block.lines[0]))
        XCTAssertEqual(Array(lines[index...(index + 3)]), block.lines + ["#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:02.000Z", "#EXTINF:2.000,"])
        let folder = try PlaylistFolder()
        try folder.write("ads.m3u8", text)
        XCTAssertEqual(try folder.findings(of: "ads.m3u8"), [])
    }
}
