import XCTest
@testable import Packager

/// The media clock's cut rule: one segment per grid cell, span edges taking the nearest boundary.
final class CutGridTests: XCTestCase {
    private let step: Int64 = 540_000       // 6 s
    private let cap: Int64 = 12 * 90_000

    private func grid(startingAt ticks: Int64 = 0, origin: Int64 = 0) -> CutGrid {
        var g = CutGrid(stepTicks: step, originTicks: origin)
        g.start(at: ticks)
        return g
    }

    func testCellsAreFlooredOnTheUTCTimelineIncludingBeforeTheEpoch() {
        let g = CutGrid(stepTicks: step, originTicks: 0)
        XCTAssertEqual(g.cell(0), 0)
        XCTAssertEqual(g.cell(539_999), 0)
        XCTAssertEqual(g.cell(540_000), 1)
        XCTAssertEqual(g.cell(-1), -1)
        XCTAssertNil(g.current)
        XCTAssertEqual(grid(startingAt: 161_651_700_000_000 + 3_607 * 90_000 + 36_000).current, 299_355_601)
    }

    func testTheFirstKeyframeOfTheNextCellCutsAndOneInTheSameCellDoesNot() {
        let g = grid(startingAt: 36_000)
        XCTAssertFalse(g.cutsRegularly(atKeyframe: 216_000, edges: [], segmentStart: 36_000, capTicks: cap))
        XCTAssertTrue(g.cutsRegularly(atKeyframe: 576_000, edges: [], segmentStart: 36_000, capTicks: cap))
        XCTAssertTrue(g.cutsRegularly(atKeyframe: 1_116_000, edges: [], segmentStart: 36_000, capTicks: cap), "two cells on")
    }

    func testAnEdgeInTheFirstHalfOfTheNextCellTakesItsBoundaryUnlessTheSegmentWouldPassTheCap() {
        let g = grid(startingAt: 36_000)
        // Edge at 7.4 s: cell 1's first half ends at 9 s, so the keyframe at 6.4 s is not cut.
        XCTAssertFalse(g.cutsRegularly(atKeyframe: 576_000, edges: [666_000], segmentStart: 36_000, capTicks: cap))
        // Edge at 9.4 s (second half): the keyframe at 6.4 s cuts as usual.
        XCTAssertTrue(g.cutsRegularly(atKeyframe: 576_000, edges: [846_000], segmentStart: 36_000, capTicks: cap))
        // An edge already passed does not hold the cut back.
        XCTAssertTrue(g.cutsRegularly(atKeyframe: 576_000, edges: [500_000], segmentStart: 36_000, capTicks: cap))
        // Lengthening the open segment to 7.4 s would pass a 6 s cap: cut now.
        XCTAssertTrue(g.cutsRegularly(atKeyframe: 576_000, edges: [666_000], segmentStart: 36_000, capTicks: 540_000))
    }

    func testAFirstKeyframeWhoseCellHasAnEdgeStillToComeInItsFirstHalfDoesNotOpenTheFirstSegment() {
        let g = CutGrid(stepTicks: step, originTicks: 0)
        XCTAssertTrue(g.defersStart(atKeyframe: 576_000, edges: [756_000]), "edge at 8.4 s, before 9 s")
        XCTAssertTrue(g.defersStart(atKeyframe: 576_000, edges: [810_000]), "edge exactly at the half")
        XCTAssertFalse(g.defersStart(atKeyframe: 576_000, edges: [846_000]), "edge in the second half")
        XCTAssertFalse(g.defersStart(atKeyframe: 576_000, edges: [576_000, 400_000]), "edges at or before the keyframe")
        XCTAssertFalse(g.defersStart(atKeyframe: 576_000, edges: []))
    }

    func testACellWithoutAKeyframeIsCutWithoutOne() {
        let g = grid(startingAt: 0)
        XCTAssertFalse(g.cutsWithoutKeyframe(at: 1_079_999))
        XCTAssertTrue(g.cutsWithoutKeyframe(at: 1_080_000))
        XCTAssertFalse(CutGrid(stepTicks: step, originTicks: 0).cutsWithoutKeyframe(at: 9_000_000), "no grid started")
    }

    func testEachCutTakesTheNextNumberAndTwoEdgesInOneSecondHalfAreReportedOnce() {
        var g = grid(startingAt: 0)
        g.advance(at: 360_000, edge: true)          // edge at 4 s (cell 0): segment 1 opens early
        XCTAssertEqual(g.current, 1)
        XCTAssertEqual(g.takeNotes(), [])
        XCTAssertFalse(g.cutsRegularly(atKeyframe: 576_000, edges: [], segmentStart: 360_000, capTicks: cap),
                       "cell 1's first keyframe is not cut: segment 1 already began")
        g.advance(at: 450_000, edge: true)          // a second edge at 5 s, still cell 0
        XCTAssertEqual(g.current, 2)
        XCTAssertEqual(g.takeNotes(), ["two span edges in the second half of grid cell 0: segment 2 runs until cell 2 begins "
                                        + "(or to the target duration)"])
        XCTAssertEqual(g.takeNotes(), [])
    }

    func testAGOPLongerThanTheStepIsRefusedNamingBoth() {
        let g = grid()
        XCTAssertNoThrow(try g.check(gopTicks: 540_000))
        XCTAssertNoThrow(try g.check(gopTicks: nil))
        XCTAssertThrowsError(try g.check(gopTicks: 720_000)) { error in
            XCTAssertEqual(error as? CutGridError, .gopLongerThanStep(gopTicks: 720_000, stepTicks: 540_000))
            XCTAssertEqual(String(describing: error), "the input's GOP is 8.000 s, longer than the media clock's grid step of "
                           + "6.000 s: every grid cell needs a keyframe. Raise --segment-duration to a multiple of the GOP "
                           + "(docs/redundancy.md)")
        }
    }
}
