import CueDetect
import DateRangeWriter
import XCTest
@testable import Packager

/// The live tag shapes measured with hls.js 1.6.16 and Shaka 5.0.4 (docs/interop.md): when an
/// interstitial is announced, what its first and completing tags carry, and when the channel's
/// first playlist goes out.
final class LiveShapeTests: XCTestCase {
    private typealias D = Decisions
    private let t = PlannerHarness.ticks

    private func versions(_ h: PresentationHarness) -> [String] { h.versions["primary/index.m3u8"] ?? [] }

    func testAdServerBreakIsAnnouncedInTheFirstVersionThatListsItsSpliceSegment() {
        var h = PresentationHarness(options: PresentationHarness.options(adServer: true))
        h.decide(D.route(1, start: 12, placement: .overlay, planned: 30))
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.segment(.primary, from: 6, to: 12, index: 1)
        XCTAssertEqual(versions(h).count, 2)
        XCTAssertFalse(versions(h).contains { $0.contains("#EXT-X-DATERANGE") }, "announcing before the splice segment froze hls.js")
        h.record(.spanIn(key: 1, inputTicks: t(12), primaryTicks: t(12)))
        h.segment(.primary, from: 12, to: 18, index: 2)
        XCTAssertEqual(h.ranges("ad-1001-1"), [
            "#EXT-X-DATERANGE:ID=\"ad-1001-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2023-11-14T22:13:32.000Z\","
            + "PLANNED-DURATION=30,X-ASSET-LIST=\"https://ads.example/pod?id=ad-1001-1&d=30&_HLS_interstitial_id=ad-1001-1\",X-RESTRICT=\"SKIP,JUMP\","
            + "X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\""])
        h.decide(D.end(1, at: 27))
        h.record(.spanOut(key: 1, inputTicks: t(27), primaryTicks: t(27)))
        h.segment(.primary, from: 18, to: 24, index: 3)
        let lines = h.ranges("ad-1001-1")
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertEqual(lines.last, "#EXT-X-DATERANGE:ID=\"ad-1001-1\",CLASS=\"com.apple.hls.interstitial\","
                       + "START-DATE=\"2023-11-14T22:13:32.000Z\",DURATION=15,X-PLAYOUT-LIMIT=15",
                       "the early return cuts the pod where the break ended; no X-RESUME-OFFSET, the player resumes where the pod ends")
        XCTAssertEqual(h.files.keys.filter { $0.hasSuffix("list.json") }, [], "the ad server answers the list")
    }

    func testAdServerBreakCancelledBeforeItsSpliceSegmentIsListedNeverAppears() {
        var h = PresentationHarness(options: PresentationHarness.options(adServer: true))
        h.decide(D.route(1, start: 12, placement: .overlay, planned: 30))
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.segment(.primary, from: 6, to: 12, index: 1)
        h.decide(.forget(key: 1, id: "ad-1001-1"))
        h.segment(.primary, from: 12, to: 18, index: 2)
        XCTAssertEqual(versions(h).count, 3)
        XCTAssertFalse(versions(h).contains { $0.contains("#EXT-X-DATERANGE") }, "\(versions(h))")
    }

    func testRestartWithAnOpenAdServerBreakCompletesItWithItsPlannedLengthAsTheLimit() throws {
        var h = PresentationHarness(options: PresentationHarness.options(adServer: true))
        h.decide(D.route(1, start: 30, placement: .overlay, planned: 30))
        h.segment(.primary, from: 24, to: 30, index: 0)
        h.record(.spanIn(key: 1, inputTicks: t(30), primaryTicks: t(30)))
        h.segment(.primary, from: 30, to: 36, index: 1)
        let announced = h.ranges("ad-1001-1")
        XCTAssertEqual(announced.count, 1)
        let state = try JSONDecoder().decode(LiveState.self, from: try JSONEncoder().encode(h.presentation.state))
        var restarted = PresentationHarness(options: PresentationHarness.options(adServer: true), state: state)
        restarted.run(restarted.presentation.completeSpansLeftOpen(now: restarted.now))
        restarted.segment(.primary, from: 100, to: 106, index: 0)
        let lines = restarted.ranges("ad-1001-1")
        XCTAssertEqual(lines.first, announced.first, "the published tag is byte-identical after the restart")
        XCTAssertEqual(lines.last, "#EXT-X-DATERANGE:ID=\"ad-1001-1\",CLASS=\"com.apple.hls.interstitial\","
                       + "START-DATE=\"2023-11-14T22:13:50.000Z\",DURATION=30,X-PLAYOUT-LIMIT=30")
    }

    func testOwnMediaSpanIsSCTE35MetadataWhileItAirsAndAnInterstitialOnceItsAssetIsStored() {
        var h = PresentationHarness()
        let piece = AssetKey(span: 1, piece: 0)
        h.decide(D.route(1, start: 6, placement: .overlay, planned: 12))
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.record(.spanIn(key: 1, inputTicks: t(6), primaryTicks: t(6)))
        h.record(.pieceIn(piece, inputTicks: t(6)))
        h.segment(.asset(piece), from: 6, to: 12, index: 0)
        h.segment(.primary, from: 6, to: 12, index: 1)
        XCTAssertEqual(h.dateRangeLines(), ["#EXT-X-DATERANGE:ID=\"ad-1001-1-scte35\",START-DATE=\"2023-11-14T22:13:26.000Z\","
                                            + "PLANNED-DURATION=12"],
                       "no CLASS: players ignore it until there is an asset to offer")
        h.segment(.asset(piece), from: 12, to: 18, index: 1)
        XCTAssertFalse(versions(h).contains { $0.contains("CLASS=") }, "no interstitial before its asset is stored")
        h.decide(D.end(1, at: 18))
        h.record(.pieceOut(piece, inputTicks: t(18)))
        h.record(.spanOut(key: 1, inputTicks: t(18), primaryTicks: t(18)))
        h.segment(.primary, from: 12, to: 18, index: 2)
        XCTAssertEqual(h.ranges("ad-1001-1"), [
            "#EXT-X-DATERANGE:ID=\"ad-1001-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2023-11-14T22:13:26.000Z\","
            + "DURATION=12,PLANNED-DURATION=12,X-ASSET-URI=\"http://cdn.example/assets/ad-1001-1/index.m3u8?_HLS_interstitial_id=ad-1001-1\",X-RESUME-OFFSET=12,"
            + "X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\""])
        XCTAssertEqual(h.ranges("ad-1001-1-scte35").last, "#EXT-X-DATERANGE:ID=\"ad-1001-1-scte35\","
                       + "START-DATE=\"2023-11-14T22:13:26.000Z\",DURATION=12")
        XCTAssertEqual(h.files["assets/ad-1001-1/index.m3u8"]?.contains("#EXT-X-ENDLIST"), true,
                       "the asset playlist is written before the tag naming it")
    }

    func testOwnMediaSpanCutShortByTheEndOfInputStaysMetadata() {
        var h = PresentationHarness()
        h.airOwnMediaSpanFromSixToTwelve(planned: 30, endedBy: .endOfInput)
        XCTAssertEqual(h.ranges("ad-1001-1"), [], "a partial asset is never offered")
        XCTAssertEqual(h.ranges("ad-1001-1-scte35").count, 2)
    }

    func testFirstVersionWaitsUntilThePlaylistHoldsThreeTargetDurations() {
        var h = PresentationHarness(options: PresentationHarness.options(minStartSegments: 3))
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.segment(.primary, from: 6, to: 12, index: 1)
        XCTAssertEqual(h.playlist(), "", "hls.js joining two target durations froze at their end")
        h.segment(.primary, from: 12, to: 18, index: 2)
        XCTAssertEqual(versions(h).count, 1)
        XCTAssertEqual(h.playlist().components(separatedBy: "#EXTINF:6.000,").count - 1, 3, h.playlist())
    }

    func testChannelStoppingBeforeThreeTargetDurationsStillPublishesWhatItHas() {
        var h = PresentationHarness(options: PresentationHarness.options(minStartSegments: 3))
        h.segment(.primary, from: 0, to: 6, index: 0)
        XCTAssertEqual(h.playlist(), "")
        h.run(h.presentation.publishAll(final: true, now: h.now))
        XCTAssertTrue(h.playlist().hasSuffix("#EXTINF:6.000,\nseg_00000.ts\n"), h.playlist())
        var ended = PresentationHarness(options: PresentationHarness.options(minStartSegments: 3))
        ended.segment(.primary, from: 0, to: 6, index: 0)
        ended.run(ended.presentation.publishAll(endList: true, now: ended.now))
        XCTAssertTrue(ended.playlist().hasSuffix("seg_00000.ts\n#EXT-X-ENDLIST\n"), ended.playlist())
    }
}
