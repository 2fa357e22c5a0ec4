import Foundation
import XCTest
@testable import DateRangeWriter

/// Exact bytes of the tags the standard policy writes, per kind and placement.
final class InterstitialPolicyTests: XCTestCase {
    private typealias F = DateRangeFixtures
    private let policy = InterstitialPolicy.standard
    private let head = "#EXT-X-DATERANGE:ID=\"ad-1207-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-11-29T16:00:00.000Z\""

    func testAdOverlayAnnouncementCarriesPlannedDurationOutSectionAndAdAttributes() throws {
        XCTAssertEqual(try policy.announcement(for: F.adSpan()).tag(), head
            + ",PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex)"
            + ",X-ASSET-URI=\"https://cdn.example.com/spans/ad-1207-1/index.m3u8?_HLS_interstitial_id=ad-1207-1\""
            + ",X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\"")
    }

    func testAdOverlayCompletionOnEarlyReturnAddsDurationResumeOffsetInSectionAndPlayoutLimit() throws {
        var span = F.adSpan()
        span.actualDuration = HLSDecimal(milliseconds: 29_960)
        span.inSection = F.inSection
        XCTAssertEqual(try policy.completion(for: span).tag(), head
            + ",DURATION=29.96,PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex),SCTE35-IN=0xFC3011000A"
            + ",X-ASSET-URI=\"https://cdn.example.com/spans/ad-1207-1/index.m3u8?_HLS_interstitial_id=ad-1207-1\""
            + ",X-RESUME-OFFSET=29.96,X-PLAYOUT-LIMIT=29.96"
            + ",X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\"")
    }

    func testAdStripFromAnAdServerTemplateForVODIsOneCompleteTag() throws {
        var rules = policy.rules
        rules["ad"]?.assetSource = .assetListTemplate("https://ads.example.com/pod?id={id}&dur={duration}&kind={kind}")
        let custom = InterstitialPolicy(rules: rules, fallback: policy.fallback)
        let span = SpanDescription(kind: .ad, id: "ad-7-1", startDate: F.date(), actualDuration: HLSDecimal(seconds: 15),
                                   placement: .strip)
        XCTAssertEqual(try custom.completeRange(for: span).tag(),
                       "#EXT-X-DATERANGE:ID=\"ad-7-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(F.startText)\",DURATION=15"
                       + ",X-ASSET-LIST=\"https://ads.example.com/pod?id=ad-7-1&dur=15&kind=ad&_HLS_interstitial_id=ad-7-1\""
                       + ",X-RESUME-OFFSET=0,X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\"")
    }

    func testTemplateDurationInLiveUsesOnlyThePlannedDurationSoBothHalvesAgree() throws {
        var rules = policy.rules
        rules["ad"]?.assetSource = .assetListTemplate("https://ads.example.com/pod?dur={duration}")
        let custom = InterstitialPolicy(rules: rules, fallback: policy.fallback)
        var span = F.adSpan()
        span.plannedDuration = nil
        let announced = try custom.announcement(for: span).interstitial?.assetList
        span.actualDuration = HLSDecimal(seconds: 20)
        XCTAssertEqual(announced, "https://ads.example.com/pod?dur=")
        XCTAssertEqual(try custom.completion(for: span).interstitial?.assetList, announced)
    }

    func testRecapStripIsPrimaryRangeWithZeroResumeOffset() throws {
        let span = SpanDescription(kind: .recap, id: "recap-20-1", startDate: F.date(), actualDuration: HLSDecimal(milliseconds: 45_500),
                                   placement: .strip, extractedAssetURI: "https://cdn.example.com/spans/recap-20-1/index.m3u8")
        XCTAssertEqual(try policy.completeRange(for: span).tag(),
                       "#EXT-X-DATERANGE:ID=\"recap-20-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(F.startText)\",DURATION=45.5"
                       + ",X-ASSET-URI=\"https://cdn.example.com/spans/recap-20-1/index.m3u8?_HLS_interstitial_id=recap-20-1\""
                       + ",X-RESUME-OFFSET=0,X-CONTENT-MAY-VARY=\"NO\",X-TIMELINE-OCCUPIES=\"RANGE\",X-TIMELINE-STYLE=\"PRIMARY\"")
    }

    func testRecapOverlayResumesAfterTheSpan() throws {
        let span = SpanDescription(kind: .recap, id: "recap-20-1", startDate: F.date(), actualDuration: HLSDecimal(milliseconds: 45_500),
                                   placement: .overlay, extractedAssetURI: "https://cdn.example.com/spans/recap-20-1/index.m3u8")
        XCTAssertEqual(try policy.completeRange(for: span).tag(),
                       "#EXT-X-DATERANGE:ID=\"recap-20-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(F.startText)\",DURATION=45.5"
                       + ",X-ASSET-URI=\"https://cdn.example.com/spans/recap-20-1/index.m3u8?_HLS_interstitial_id=recap-20-1\""
                       + ",X-RESUME-OFFSET=45.5,X-CONTENT-MAY-VARY=\"NO\",X-TIMELINE-OCCUPIES=\"RANGE\",X-TIMELINE-STYLE=\"PRIMARY\"")
    }

    func testOtherOverlayThatRanLongHasNoPlayoutLimit() throws {
        let span = SpanDescription(kind: .other, id: "other-3-1", startDate: F.date(), plannedDuration: HLSDecimal(seconds: 10),
                                   actualDuration: HLSDecimal(seconds: 12), placement: .overlay,
                                   extractedAssetURI: "https://cdn.example.com/spans/other-3-1/index.m3u8")
        XCTAssertEqual(try policy.completeRange(for: span).tag(),
                       "#EXT-X-DATERANGE:ID=\"other-3-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(F.startText)\""
                       + ",DURATION=12,PLANNED-DURATION=10"
                       + ",X-ASSET-URI=\"https://cdn.example.com/spans/other-3-1/index.m3u8?_HLS_interstitial_id=other-3-1\""
                       + ",X-RESUME-OFFSET=12,X-CONTENT-MAY-VARY=\"NO\",X-TIMELINE-OCCUPIES=\"RANGE\",X-TIMELINE-STYLE=\"PRIMARY\"")
    }

    func testOptionalCueOnceSnapAndSkipControlFollowTheRule() throws {
        var rule = InterstitialKindRule.adDefault
        rule.cueOnce = true
        rule.snap = [.in, .out]
        rule.includeSCTE35 = false
        rule.skipControlOffset = 5
        rule.skipControlLabelID = "SKIP_AD"
        let custom = InterstitialPolicy(rules: ["ad": rule], fallback: .programmeDefault)
        XCTAssertEqual(try custom.announcement(for: F.adSpan(placement: .strip)).tag(), head
            + ",CUE=\"ONCE\",PLANNED-DURATION=30"
            + ",X-ASSET-URI=\"https://cdn.example.com/spans/ad-1207-1/index.m3u8?_HLS_interstitial_id=ad-1207-1\""
            + ",X-RESUME-OFFSET=0,X-SNAP=\"OUT,IN\",X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\""
            + ",X-TIMELINE-STYLE=\"HIGHLIGHT\",X-SKIP-CONTROL-OFFSET=5,X-SKIP-CONTROL-LABEL-ID=\"SKIP_AD\"")
    }

    func testUnknownKindsUseTheFallbackRule() {
        XCTAssertEqual(policy.rule(for: SpanKindName(rawValue: "rating")), .programmeDefault)
        XCTAssertEqual(policy.rule(for: .ad), .adDefault)
    }

    func testCancelledSpanMissingAssetAndMissingActualDurationAreTypedErrors() {
        var span = F.adSpan()
        span.cancelled = true
        XCTAssertThrowsError(try policy.announcement(for: span)) { XCTAssertEqual($0 as? DateRangeError, .cancelledSplice(id: "ad-1207-1")) }
        span.cancelled = false
        XCTAssertThrowsError(try policy.completion(for: span)) { XCTAssertEqual($0 as? DateRangeError, .missingActualDuration(id: "ad-1207-1")) }
        span.extractedAssetURI = nil
        XCTAssertThrowsError(try policy.announcement(for: span)) {
            XCTAssertEqual($0 as? DateRangeError, .missingExtractedAsset(id: "ad-1207-1", kind: "ad"))
        }
    }

    func testPolicySurvivesAJSONRoundTrip() throws {
        var rules = policy.rules
        rules["ad"]?.assetSource = .assetListTemplate("https://ads.example.com/pod?id={id}")
        let custom = InterstitialPolicy(rules: rules, fallback: .adDefault)
        XCTAssertEqual(try JSONDecoder().decode(InterstitialPolicy.self, from: JSONEncoder().encode(custom)), custom)
    }
}
