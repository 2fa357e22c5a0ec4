import Foundation
import XCTest
@testable import Packager

/// Stitched presentations made in the tests (StitchedMedia): a rating notice, an ad at another
/// resolution, a pod of two ads; TS and fMP4; with and without cue tags; two renditions; byte
/// ranges. Each conversion is checked against what was stitched, within one frame per span.
final class StitchedGeneratedTests: XCTestCase {
    private var conversions: [StitchedConversion] = []
    private let frame = 1.0 / Double(StitchedMedia.fps)
    /// notice | content | ad (160x90) | content | ad | ad | content
    let parts: [StitchedMedia.Part] = [.init(kind: .notice, seconds: 2), .content(4), .ad(2, width: 160, height: 90),
                                               .content(4), .ad(2), .ad(2), .content(2)]

    override func tearDown() { conversions.forEach { $0.cleanUp() } }

    func convert(_ made: StitchedMedia.Made, _ configure: (inout VodOptions) -> Void = { _ in }) throws -> StitchedConversion {
        let c = try StitchedConversion.run(made.playlist, configure: configure)
        conversions.append(c)
        return c
    }

    /// Every check a stitched conversion must pass, against the parts it was made from.
    func checkConversion(_ made: StitchedMedia.Made, _ c: StitchedConversion, _ label: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let spans = try c.stitchedSpans()
        XCTAssertEqual(spans.map { $0["kind"] as? String }, made.parts.map { $0.kind.rawValue }, "\(label): kinds", file: file, line: line)
        let tolerance = frame * Double(made.inserted.count)
        let primary = try c.playlist()
        XCTAssertEqual(primary.totalDuration, made.contentSeconds, accuracy: tolerance, "\(label): primary = content", file: file, line: line)
        XCTAssertFalse(primary.lines.contains("#EXT-X-DISCONTINUITY"), "\(label): no discontinuity left", file: file, line: line)
        // One interstitial per break: the two ads back to back share one.
        let positions = made.inserted.map(\.contentPosition).reduce(into: [Double]()) { if $0.last != $1 { $0.append($1) } }
        let starts = primary.interstitials.map { secondsSince(StitchedMedia.pdtBaseMillis, $0["START-DATE"]) }
        XCTAssertEqual(starts.count, positions.count, "\(label): interstitials", file: file, line: line)
        for (start, position) in zip(starts, positions) {
            XCTAssertEqual(start, position, accuracy: frame, "\(label): START-DATE at the content position", file: file, line: line)
        }
        XCTAssertEqual(try c.validationErrors(), [], label, file: file, line: line)
        let timeline = try c.timeline()
        XCTAssertEqual(Double(timeline.primaryDurationNanos) / 1e9, made.contentSeconds, accuracy: tolerance,
                       "\(label): timeline shows the content", file: file, line: line)
    }

    func testUntaggedTSSpansAreFoundFromTimestampsAndCodecParameters() throws {
        let made = try StitchedMedia.make(parts)
        let c = try convert(made)
        try checkConversion(made, c, "ts untagged")
        let reasons = try c.stitchedSpans().map { ($0["reasons"] as? [String] ?? []).joined(separator: " | ") }
        XCTAssertTrue(reasons[0].contains("kind notice: rule 1"), reasons[0])
        XCTAssertTrue(reasons[2].contains("160x90 instead of 320x180"), reasons[2])
        XCTAssertTrue(reasons[4].contains("do not continue the content line"), reasons[4])
    }

    func testUntaggedFMP4SpansWithANewMapAfterEachDiscontinuity() throws {
        var options = StitchedMedia.Options()
        options.format = .fmp4
        let made = try StitchedMedia.make(parts, options)
        let text = try String(contentsOf: made.playlist, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "#EXT-X-MAP:").count - 1, parts.count, "a map per part")
        for output in SegmentMuxerFormat.allCases {
            try checkConversion(made, try convert(made) { $0.segmentFormat = output }, "fmp4 in, \(output) out")
        }
    }

    func testCueOutTagsGiveTheSameSpansAndSayWhy() throws {
        var options = StitchedMedia.Options()
        options.tags = .cueOut
        let made = try StitchedMedia.make(parts, options)
        let c = try convert(made)
        // The notice before the content is tagged too: cue-tagged spans are ads unless they say otherwise.
        var expected = made.parts.map { $0.kind.rawValue }
        expected[0] = "ad"
        XCTAssertEqual(try c.stitchedSpans().map { $0["kind"] as? String }, expected)
        let reasons = try c.stitchedSpans()[4]["reasons"] as? [String] ?? []
        XCTAssertTrue(reasons.contains { $0.contains("#EXT-X-CUE-OUT:DURATION=4.0") && $0.contains("#EXT-X-CUE-IN") }, "\(reasons)")
        XCTAssertEqual(try c.playlist().totalDuration, made.contentSeconds, accuracy: frame * 4)
    }

    func testDateRangeSCTE35TagsMarkTheBreaks() throws {
        var options = StitchedMedia.Options()
        options.tags = .dateRange
        let made = try StitchedMedia.make(Array(parts.dropFirst()), options)
        let c = try convert(made)
        try checkConversion(made, c, "daterange")
        let ads = try c.playlist().interstitials
        XCTAssertEqual(ads.count, 2)
        XCTAssertNotNil(ads[0]["SCTE35-OUT"], "the source's splice_insert is carried to the interstitial")
    }

    func testAPodOfTwoAdsIsOneInterstitialWhoseAssetListHoldsEachAd() throws {
        let made = try StitchedMedia.make(parts)
        let c = try convert(made)
        let pod = try XCTUnwrap(c.playlist().interstitials.last)
        XCTAssertNil(pod["X-ASSET-URI"])
        let listURL = try XCTUnwrap(pod["X-ASSET-LIST"].flatMap { URL(string: $0) })
        let list = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: listURL.path))))
        let assets = list["ASSETS"] as? [[String: Any]] ?? []
        XCTAssertEqual(assets.count, 2)
        for asset in assets { XCTAssertEqual(asset["DURATION"] as? Double ?? .nan, 2, accuracy: frame) }
        XCTAssertEqual(Double(pod["DURATION"] ?? "") ?? .nan, 4, accuracy: frame)
    }

    func testTwoRenditionsCarryTheSameDateRangesAndBothLoseTheSpans() throws {
        var options = StitchedMedia.Options()
        options.renditions = 2
        let made = try StitchedMedia.make(parts, options)
        let c = try convert(made)
        try checkConversion(made, c, "two renditions")
        let second = try c.playlist("primary_1/index.m3u8")
        XCTAssertEqual(second.totalDuration, made.contentSeconds, accuracy: frame * 3)
        XCTAssertEqual(second.dateRanges, try c.playlist().dateRanges)
        XCTAssertFalse(second.lines.contains("#EXT-X-DISCONTINUITY"))
    }

    func testByteRangePlaylistIsReadRangeByRange() throws {
        for format in SegmentMuxerFormat.allCases {
            var options = StitchedMedia.Options()
            options.byteRange = true
            options.format = format
            let made = try StitchedMedia.make(parts, options)
            XCTAssertTrue(try String(contentsOf: made.playlist, encoding: .utf8).contains("#EXT-X-BYTERANGE:"), "\(format)")
            try checkConversion(made, try convert(made), "byte ranges, \(format)")
        }
    }
}

/// In-band SCTE-35 inside a stitched playlist's segments: samples/live_scte35.ts listed as one
/// segment; its cues (a recap chapter, a splice_insert break, a placement opportunity, and a
/// break cancelled before its splice) are the only marks.
final class StitchedInBandTests: XCTestCase {
    func testInBandCuesInsideASegmentMarkTheSpansAndACancelledBreakMarksNone() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let playlist = root.appendingPathComponent("index.m3u8")
        try "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:180\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:180.0,\n\(TestMedia.liveTS.path)\n#EXT-X-ENDLIST\n"
            .write(to: playlist, atomically: true, encoding: .utf8)
        let c = try StitchedConversion.run(playlist)
        defer { c.cleanUp() }
        let spans = try c.stitchedSpans().filter { $0["kind"] as? String != "content" }
        XCTAssertEqual(spans.map { $0["kind"] as? String }, ["recap", "ad", "ad"])
        for (span, (start, end)) in zip(spans, [(2.0, 12.0), (30.0, 60.0), (90.0, 110.0)]) {
            XCTAssertEqual(span["start"] as? Double ?? .nan, start, accuracy: 1.0 / 30)
            XCTAssertEqual(span["end"] as? Double ?? .nan, end, accuracy: 1.0 / 30)
            XCTAssertTrue((span["reasons"] as? [String] ?? []).first?.contains("in-band") == true, "\(span)")
        }
        XCTAssertEqual(try c.playlist().totalDuration, 120, accuracy: 0.1)
        XCTAssertEqual(try c.validationErrors(), [])
    }
}

extension StitchedGeneratedTests {
    func testAES128SegmentsAreDecryptedWithTheirKey() throws {
        var options = StitchedMedia.Options()
        options.encrypted = true
        let made = try StitchedMedia.make(parts, options)
        let text = try String(contentsOf: made.playlist, encoding: .utf8)
        XCTAssertTrue(text.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"../key.bin\""), text)
        let first = try XCTUnwrap(StitchedLines.segments(of: made.playlist, prefix: "").first)
        XCTAssertNotEqual(try Data(contentsOf: made.playlist.deletingLastPathComponent().appendingPathComponent(first.uri)).first, 0x47,
                          "the segments really are encrypted")
        try checkConversion(made, try convert(made), "aes-128")
    }
}
