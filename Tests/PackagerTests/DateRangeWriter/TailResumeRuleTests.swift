import Foundation
import XCTest
@testable import DateRangeWriter

/// The horizon hls.js's default buffer gives, and the shape of an overlay range inside it.
final class TailResumeRuleTests: XCTestCase {
    private typealias F = DateRangeFixtures
    private let head = "#EXT-X-DATERANGE:ID=\"ad-1207-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-11-29T16:00:00.000Z\""
    private let tail = ",X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\""
    private let uri = ",X-ASSET-URI=\"https://cdn.example.com/spans/ad-1207-1/index.m3u8?_HLS_interstitial_id=ad-1207-1\""

    func testHlsjsHorizonIsItsBufferGoalForTheLowestBandwidthPlusOneTarget() {
        // 8 × 60 MB / 230 kb/s = 2087 s, capped at maxMaxBufferLength 600 s.
        XCTAssertEqual(TailResumeRule.hlsjsDefaults(lowestBandwidth: 229_722, targetDurationSeconds: 6).horizonMilliseconds, 606_000)
        // 480 Mbit / 4 Mb/s = 120 s.
        XCTAssertEqual(TailResumeRule.hlsjsDefaults(lowestBandwidth: 4_000_000, targetDurationSeconds: 6).horizonMilliseconds, 126_000)
        // 24 s is under maxBufferLength: 30 s.
        XCTAssertEqual(TailResumeRule.hlsjsDefaults(lowestBandwidth: 20_000_000, targetDurationSeconds: 4).horizonMilliseconds, 34_000)
        // No measured bandwidth: the longest buffer hls.js keeps.
        XCTAssertEqual(TailResumeRule.hlsjsDefaults(lowestBandwidth: 0, targetDurationSeconds: 6).horizonMilliseconds, 606_000)
    }

    func testAppliesWhenTheStartIsWithinTheHorizonOfTheEnd() {
        let rule = TailResumeRule(horizonMilliseconds: 70_000)
        XCTAssertTrue(rule.applies(startMillis: 105_000, primaryEndMillis: 175_000))
        XCTAssertFalse(rule.applies(startMillis: 104_999, primaryEndMillis: 175_000))
        XCTAssertFalse(TailResumeRule(horizonMilliseconds: 0).applies(startMillis: 174_000, primaryEndMillis: 175_000))
    }

    func testOverlayRangeResumesByPlayoutLimitInsteadOfResumeOffset() throws {
        var span = F.adSpan()
        span.actualDuration = HLSDecimal(milliseconds: 30_000)
        let range = try InterstitialPolicy.standard.completeRange(for: span)
        XCTAssertEqual(try TailResumeRule(horizonMilliseconds: 1).reshaped(range).tag(), head
            + ",DURATION=30,PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex)" + uri + ",X-PLAYOUT-LIMIT=30" + tail)
    }

    func testStripRangeKeepsItsZeroResumeOffset() throws {
        var span = F.adSpan()
        span.placement = .strip
        span.actualDuration = HLSDecimal(milliseconds: 30_000)
        let range = try InterstitialPolicy.standard.completeRange(for: span)
        XCTAssertEqual(TailResumeRule(horizonMilliseconds: 1).reshaped(range), range)
    }
}
