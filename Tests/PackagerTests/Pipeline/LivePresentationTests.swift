import CueDetect
import DateRangeWriter
import XCTest
@testable import Packager

/// Live publishing as a pure value: span decisions, cut records, segments and sink outcomes in;
/// publish plans out (run by the embedded harness).
final class LivePresentationTests: XCTestCase {
    private typealias D = Decisions
    private let t = PlannerHarness.ticks

    func testSpliceCancelledAfterItStartedIsCompletedWithTheLengthOfItsCutMedia() {
        var h = PresentationHarness()
        h.decide(D.route(1, start: 10, placement: .overlay, planned: 30))
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.segment(.primary, from: 6, to: 10, index: 1)
        h.record(.spanIn(key: 1, inputTicks: t(10), primaryTicks: t(10)))
        h.record(.pieceIn(AssetKey(span: 1, piece: 0), inputTicks: t(10)))
        h.decide(D.end(1, at: 15, by: .cancel))
        h.segment(.asset(AssetKey(span: 1, piece: 0)), from: 10, to: 16, index: 0)
        h.segment(.primary, from: 10, to: 16, index: 2)
        h.record(.pieceOut(AssetKey(span: 1, piece: 0), inputTicks: t(16)))
        h.record(.spanOut(key: 1, inputTicks: t(16), primaryTicks: t(16)))
        h.segment(.primary, from: 16, to: 22, index: 3)
        XCTAssertEqual(h.ranges("ad-1001-1-scte35").count, 2, "SCTE-35 metadata at the cue, completed at the cancel")
        let interstitial = h.ranges("ad-1001-1")
        XCTAssertEqual(interstitial.count, 1, "the interstitial appears once, complete, when its asset is stored")
        XCTAssertEqual(interstitial.first, "#EXT-X-DATERANGE:ID=\"ad-1001-1\",CLASS=\"com.apple.hls.interstitial\","
                       + "START-DATE=\"2023-11-14T22:13:30.000Z\",DURATION=6,PLANNED-DURATION=30,"
                       + "X-ASSET-URI=\"http://cdn.example/assets/ad-1001-1/index.m3u8?_HLS_interstitial_id=ad-1001-1\",X-RESUME-OFFSET=6,X-PLAYOUT-LIMIT=6,"
                       + "X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\"")
        XCTAssertNil(h.files["assets/ad-1001-1/list.json"], "a single asset needs no list")
    }

    func testSpliceCancelledBeforeAnyPlaylistCarriedItNeverAppears() {
        var h = PresentationHarness()
        h.decide(D.route(1, start: 40, planned: 30))
        h.decide(.forget(key: 1, id: "ad-1001-1"))
        h.segment(.primary, from: 0, to: 6, index: 0)
        XCTAssertEqual(h.dateRangeLines(), [])
    }

    func testBreakWithTwoNestedAdsIsOneInterstitialWithATwoEntryAssetList() {
        var h = PresentationHarness()
        h.decide(D.route(1, start: 30, planned: 30))
        h.decide(D.nest(2, in: 1, start: 30))
        h.segment(.primary, from: 24, to: 30, index: 0)
        h.record(.spanIn(key: 1, inputTicks: t(30), primaryTicks: t(30)))
        let ad1 = AssetKey(span: 1, piece: 0, owner: 2), ad2 = AssetKey(span: 1, piece: 1, owner: 3)
        h.record(.pieceIn(ad1, inputTicks: t(30)))
        for (i, (a, b)) in [(30.0, 36.0), (36, 42), (42, 45)].enumerated() { h.segment(.asset(ad1), from: a, to: b, index: i) }
        h.decide(D.end(2, at: 45))
        h.decide(D.nest(3, in: 1, start: 45))
        h.record(.pieceOut(ad1, inputTicks: t(45)))
        h.record(.pieceIn(ad2, inputTicks: t(45)))
        for (i, (a, b)) in [(45.0, 51.0), (51, 57), (57, 60)].enumerated() { h.segment(.asset(ad2), from: a, to: b, index: i) }
        h.decide(D.end(3, at: 60))
        h.decide(D.end(1, at: 60))
        h.record(.pieceOut(ad2, inputTicks: t(60)))
        h.record(.spanOut(key: 1, inputTicks: t(60), primaryTicks: t(60)))
        h.segment(.primary, from: 30, to: 36, index: 1)
        XCTAssertEqual(h.ranges("ad-1002-1") + h.ranges("ad-1003-1"), [], "one interstitial per break, never one per ad")
        let interstitial = h.ranges("ad-1001-1")
        XCTAssertEqual(interstitial.count, 1, "\(h.dateRangeLines())")
        XCTAssertTrue(interstitial[0].contains("X-ASSET-LIST=\"http://cdn.example/assets/ad-1001-1/list.json?_HLS_interstitial_id=ad-1001-1\""), interstitial[0])
        XCTAssertTrue(interstitial[0].contains("DURATION=30,") && interstitial[0].contains("X-RESUME-OFFSET=0"), interstitial[0])
        XCTAssertEqual(h.files["assets/ad-1001-1/list.json"], "{\"ASSETS\":["
                       + "{\"URI\":\"http://cdn.example/assets/ad-1002-1/index.m3u8\",\"DURATION\":15},"
                       + "{\"URI\":\"http://cdn.example/assets/ad-1003-1/index.m3u8\",\"DURATION\":15}]}")
        XCTAssertEqual(h.files["assets/ad-1002-1/index.m3u8"]?.contains("#EXT-X-ENDLIST"), true)
        XCTAssertEqual(h.files["assets/ad-1003-1/seg_00002.ts"], "<media>")
    }

    func testRestartWithAnOpenPodCompletesItAtItsPlannedEndWithoutChangingWhatWasPublished() throws {
        var h = PresentationHarness()
        h.decide(D.route(1, start: 30, planned: 30))
        h.decide(D.nest(2, in: 1, start: 30))
        h.segment(.primary, from: 24, to: 30, index: 0)
        h.record(.spanIn(key: 1, inputTicks: t(30), primaryTicks: t(30)))
        h.segment(.primary, from: 30, to: 36, index: 1)
        let announced = h.dateRangeLines()
        XCTAssertEqual(announced.count, 1)
        // kill -9: only the saved state survives.
        let saved = try JSONEncoder().encode(h.presentation.state)
        let state = try JSONDecoder().decode(LiveState.self, from: saved)
        var restarted = PresentationHarness(state: state)
        restarted.run(restarted.presentation.completeSpansLeftOpen(now: restarted.now))
        restarted.segment(.primary, from: 100, to: 106, index: 0)
        let lines = restarted.dateRangeLines()
        XCTAssertEqual(lines.first, announced[0], "the published tag is byte-identical after the restart")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[1].contains("DURATION=30"), lines[1])
        XCTAssertTrue(restarted.playlist().contains("#EXT-X-MEDIA-SEQUENCE:0"))
        XCTAssertTrue(restarted.playlist().contains("seg_00002.ts"), "segment names continue after the restart")
    }

    func testSegmentTheSinkRefusedIsListedAsAGapInOrder() {
        var h = PresentationHarness()
        h.refuse = ["primary/seg_00001.ts"]
        for i in 0..<3 { h.segment(.primary, from: Double(i) * 6, to: Double(i + 1) * 6, index: i) }
        let playlist = h.playlist()
        XCTAssertTrue(playlist.contains("#EXT-X-GAP\n#EXTINF:6.000,\nseg_00001.ts"), playlist)
        XCTAssertFalse(playlist.contains("#EXT-X-GAP\n#EXTINF:6.000,\nseg_00002.ts"), playlist)
    }

    func testUnconfirmedSegmentIsListedOnlyAfterConfirmationOrAsAGapAtItsDeadline() {
        var h = PresentationHarness()
        h.confirmAtOnce = false
        h.segment(.primary, from: 0, to: 6, index: 0)
        XCTAssertEqual(h.playlist(), "", "nothing is listed before the sink confirms")
        h.confirm("primary/seg_00000.ts")
        XCTAssertTrue(h.playlist().contains("seg_00000.ts"))
        h.segment(.primary, from: 6, to: 12, index: 1)
        h.now += h.presentation.confirmationDeadline - 0.01
        h.tick()
        XCTAssertFalse(h.playlist().contains("seg_00001.ts"))
        h.now += 0.02
        h.tick()
        XCTAssertTrue(h.playlist().contains("#EXT-X-GAP\n#EXTINF:6.000,\nseg_00001.ts"), h.playlist())
        let versions = h.versions["primary/index.m3u8"]?.count
        h.confirm("primary/seg_00001.ts")
        XCTAssertEqual(h.versions["primary/index.m3u8"]?.count, versions, "a late success changes nothing published")
    }

    func testPlaylistIsNotPublishedWhenTheStateCannotBeSaved() {
        var h = PresentationHarness()
        h.failStateSaves = true
        h.segment(.primary, from: 0, to: 6, index: 0)
        XCTAssertEqual(h.playlist(), "")
        XCTAssertEqual(h.stateSaves, 0)
        h.failStateSaves = false
        h.segment(.primary, from: 6, to: 12, index: 1)
        XCTAssertTrue(h.playlist().contains("seg_00000.ts") && h.playlist().contains("seg_00001.ts"), h.playlist())
    }

    func testStripPlacementDatesTheInterstitialOnTheReTimedPrimaryClock() {
        var h = PresentationHarness(options: PresentationHarness.options(placement: .strip))
        h.decide(D.route(1, start: 10, planned: 20))
        h.record(.spanIn(key: 1, inputTicks: t(10), primaryTicks: t(10)))
        h.record(.spanOut(key: 1, inputTicks: t(30), primaryTicks: t(10)))
        h.decide(D.route(2, start: 50, planned: 10))
        h.segment(.primary, from: 0, to: 6, index: 0)
        let second = h.ranges("ad-1002-1-scte35")
        XCTAssertEqual(second.count, 1, "\(h.dateRangeLines())")
        XCTAssertTrue(second[0].contains("START-DATE=\"2023-11-14T22:13:50.000Z\""),
                      "50 s of input minus the 20 s stripped before it: \(second[0])")
    }

    func testGOPOfFourSecondsUnderTargetSixPublishesNoEXTINFAboveTheTarget() throws {
        var planner = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true))
        try planner.run(until: 40, gop: 4)
        var h = PresentationHarness()
        for record in planner.records { h.record(record) }
        for (i, s) in planner.primary.enumerated() { h.segment(.primary, from: s.start, to: s.end, index: i) }
        let playlist = h.playlist()
        XCTAssertTrue(playlist.contains("#EXT-X-TARGETDURATION:6\n"), playlist)
        let extinfs = playlist.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }
        XCTAssertEqual(extinfs.count, 10)
        XCTAssertTrue(extinfs.allSatisfy { $0 == "#EXTINF:4.000," }, "\(extinfs)")
    }

    func testNewEpochStartsAfterSegmentsStillWaitingForTheirUpload() {
        var h = PresentationHarness()
        h.confirmAtOnce = false
        h.segment(.primary, from: 0, to: 6, index: 0)
        h.confirm("primary/seg_00000.ts")
        h.segment(.primary, from: 6, to: 12, index: 1)              // handed over, not stored yet
        // The input loops (timestamps restart) while the origin still holds seg 1 back; the wall
        // clock is behind the media, as when a file is paced faster than real time.
        h.presentation.startEpoch(variants: [VariantDescription(codecs: "avc1.64001f,mp4a.40.2")], discontinuity: true)
        h.presentation.anchor(ticks: 0, wallMillis: 1_700_000_000_000 + 7_000)
        h.segment(.primary, from: 0, to: 6, index: 2)
        h.confirm("primary/seg_00001.ts")
        h.confirm("primary/seg_00002.ts")
        let pdts = LivePlaylistText(h.playlist()).segments.compactMap(\.pdtMillis).map { $0 - 1_700_000_000_000 }
        XCTAssertEqual(pdts, [0, 6_000, 12_000], h.playlist())
    }
}
