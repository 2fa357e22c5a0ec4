import XCTest
@testable import Packager

/// The cut rule on synthetic keyframe timelines: regular cuts, the live cap, span edges,
/// nested pieces, cancels.
final class CutPlannerTests: XCTestCase {
    private func spans(_ segments: [PlannerHarness.Segment]) -> [String] { segments.map(\.description) }

    func testRegularCutsFallOnTheFirstKeyframeAtTheTarget() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 30, gop: 2)
        XCTAssertEqual(spans(h.primary), ["0.0–6.0", "6.0–12.0", "12.0–18.0", "18.0–24.0", "24.0–30.0"])
        XCTAssertEqual(h.primary.last?.isLast, true)
    }

    func testGOPOfFourSecondsUnderTargetSixCutsEveryKeyframeSoNoSegmentPassesTheTarget() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true))
        try h.run(until: 24, gop: 4)
        XCTAssertEqual(spans(h.primary), ["0.0–4.0", "4.0–8.0", "8.0–12.0", "12.0–16.0", "16.0–20.0", "20.0–24.0"])
        XCTAssertEqual(h.records.first, .targetDuration(6))
    }

    func testIrregularGOPIsCutBeforeThePredictedNextKeyframeWouldPassTheTarget() throws {
        let keyframes: Set<Double> = [0, 2, 3, 5, 7, 9, 10, 12, 14, 15, 17, 19, 21]
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true))
        try h.run(until: 22) { keyframes.contains($0) }
        XCTAssertEqual(spans(h.primary), ["0.0–5.0", "5.0–10.0", "10.0–15.0", "15.0–21.0", "21.0–22.0"])
        XCTAssertTrue(h.primary.allSatisfy { TargetDuration.roundedSeconds(ticks: PlannerHarness.ticks($0.duration)) <= 6 })
    }

    func testLiveTargetIsRaisedToTheFirstGOPWhenItCannotFitAndTheOperatorDidNotFixIt() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true))
        try h.run(until: 32, gop: 8)
        XCTAssertEqual(h.records.first, .targetDuration(8))
        XCTAssertEqual(h.planner.rule.declaredTarget, 8)
        XCTAssertEqual(spans(h.primary), ["0.0–8.0", "8.0–16.0", "16.0–24.0", "24.0–32.0"])
    }

    func testGOPLongerThanAFixedTargetIsRefusedNamingTheGOPAndTheFlag() {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true, targetFixed: true))
        XCTAssertThrowsError(try h.run(until: 32, gop: 8)) { error in
            XCTAssertEqual(error as? CutPlannerError, .gopExceedsTarget(gopTicks: 720_000, targetDuration: 6))
            XCTAssertTrue(String(describing: error).contains("--target-duration to at least 8"), "\(error)")
        }
    }

    func testAGOPLongerThanTheLockedLiveTargetIsCutAtTheFrameThatWouldPassIt() throws {
        let keyframes: Set<Double> = [0, 2, 4, 6, 8, 10, 20, 22, 24]
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: true))
        try h.run(until: 26) { keyframes.contains($0) }
        XCTAssertEqual(spans(Array(h.primary.prefix(4))), ["0.0–6.0", "6.0–12.48", "12.48–18.96", "18.96–20.0"])
        XCTAssertTrue(h.primary.allSatisfy { TargetDuration.roundedSeconds(ticks: PlannerHarness.ticks($0.duration)) <= 6 })
        XCTAssertEqual(h.records.filter { if case .cutWithoutKeyframe = $0 { return true } else { return false } }.count, 2)
    }

    func testStripSpanLeavesThePrimaryAtItsFirstKeyframeAndThePrimaryResumesContinuous() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 60, gop: 2, decisions: [(6, Decisions.route(1, start: 10)), (36, Decisions.end(1, at: 40))])
        XCTAssertEqual(spans(h.primary), ["0.0–6.0", "6.0–10.0", "10.0–16.0", "16.0–22.0", "22.0–28.0", "28.0–30.0"])
        XCTAssertEqual(spans(h.asset(1, piece: 0)), ["10.0–16.0", "16.0–22.0", "22.0–28.0", "28.0–34.0", "34.0–40.0"])
        XCTAssertEqual(h.asset(1, piece: 0).map(\.isLast), [false, false, false, false, true])
        XCTAssertTrue(h.records.contains(.spanIn(key: 1, inputTicks: 900_000, primaryTicks: 900_000)))
        XCTAssertTrue(h.records.contains(.spanOut(key: 1, inputTicks: 3_600_000, primaryTicks: 900_000)))
    }

    func testOverlaySpanCutsThePrimaryAtBothEdgesAndAlongsideTheAsset() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 52, gop: 2, decisions: [(6, Decisions.route(1, start: 10, placement: .overlay)), (36, Decisions.end(1, at: 40))])
        XCTAssertEqual(spans(h.primary), ["0.0–6.0", "6.0–10.0", "10.0–16.0", "16.0–22.0", "22.0–28.0", "28.0–34.0",
                                          "34.0–40.0", "40.0–46.0", "46.0–52.0"])
        XCTAssertEqual(spans(h.asset(1, piece: 0)), ["10.0–16.0", "16.0–22.0", "22.0–28.0", "28.0–34.0", "34.0–40.0"])
    }

    func testBreakWithTwoNestedAdsIsCutIntoOnePiecePerAdAtTheInnerEdge() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 70, gop: 1, decisions: [
            (26, Decisions.route(1, start: 30)), (26, Decisions.nest(2, in: 1, start: 30)),
            (41, Decisions.end(2, at: 45)), (41, Decisions.nest(3, in: 1, start: 45)),
            (56, Decisions.end(3, at: 60)), (56, Decisions.end(1, at: 60)),
        ])
        XCTAssertEqual(spans(h.asset(1, piece: 0, owner: 2)), ["30.0–36.0", "36.0–42.0", "42.0–45.0"])
        XCTAssertEqual(spans(h.asset(1, piece: 1, owner: 3)), ["45.0–51.0", "51.0–57.0", "57.0–60.0"])
        XCTAssertEqual(spans(h.primary), ["0.0–6.0", "6.0–12.0", "12.0–18.0", "18.0–24.0", "24.0–30.0", "30.0–36.0", "36.0–40.0"])
        XCTAssertEqual(h.records.compactMap { if case .pieceIn(let key, _) = $0 { return key } else { return nil } },
                       [AssetKey(span: 1, piece: 0, owner: 2), AssetKey(span: 1, piece: 1, owner: 3)])
    }

    func testSpanCancelledAfterItsSpliceEndsAtTheFirstKeyframeAfterTheCancel() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 30, gop: 2, decisions: [(6, Decisions.route(1, start: 10)), (15, Decisions.end(1, at: 15, by: .cancel))])
        XCTAssertEqual(spans(h.asset(1, piece: 0)), ["10.0–16.0"])
        XCTAssertEqual(spans(h.primary), ["0.0–6.0", "6.0–10.0", "10.0–16.0", "16.0–22.0", "22.0–24.0"])
    }

    func testSpanWithoutAKeyframeInsideIsSkipped() throws {
        var h = PlannerHarness(CutRule(targetSeconds: 6, hardCap: false))
        try h.run(until: 30, gop: 4, decisions: [(6, Decisions.route(1, start: 9)), (6, Decisions.end(1, at: 11))])
        XCTAssertTrue(h.records.contains(.skipped(key: 1, reason: "span contains no keyframe")))
        XCTAssertTrue(h.asset(1, piece: 0).isEmpty)
    }
}
