import XCTest
@testable import Packager

/// The next span edge the planner knows of, which live writers use to write a segment's last
/// half second small when the segment is cut short at a splice.
final class CutPlannerNextEdgeTests: XCTestCase {
    private func t(_ seconds: Double) -> Int64 { PlannerHarness.ticks(seconds) }

    func testTheNextEdgeIsTheSpansStartThenItsEndThenNone() throws {
        var planner = CutPlanner(rule: CutRule(targetSeconds: 6, hardCap: true))
        XCTAssertNil(planner.nextEdge(after: t(1)), "no span known")
        planner.apply(Decisions.route(1, start: 8))
        planner.apply(Decisions.end(1, at: 20))
        XCTAssertEqual(planner.nextEdge(after: t(1)), t(8))
        for second in stride(from: 0.0, through: 8, by: 0.5) {
            _ = try planner.frame(pts: t(second), isKeyframe: second.truncatingRemainder(dividingBy: 2) == 0, duration: t(0.5))
        }
        XCTAssertEqual(planner.nextEdge(after: t(8)), t(20), "past the start: the end")
        for second in stride(from: 8.5, through: 20, by: 0.5) {
            _ = try planner.frame(pts: t(second), isKeyframe: second.truncatingRemainder(dividingBy: 2) == 0, duration: t(0.5))
        }
        XCTAssertNil(planner.nextEdge(after: t(20)), "the span is over")
    }

    /// Strip placement re-times the primary; the edge stays in input ticks, as the assemblers'
    /// frames are.
    func testTheEdgeOfASecondSpanAfterAStrippedOneIsInInputTicks() throws {
        var planner = CutPlanner(rule: CutRule(targetSeconds: 6, hardCap: true))
        planner.apply(Decisions.route(1, start: 4, placement: .strip))
        planner.apply(Decisions.end(1, at: 10))
        planner.apply(Decisions.route(2, start: 16, placement: .strip))
        for second in stride(from: 0.0, through: 12, by: 0.5) {
            _ = try planner.frame(pts: t(second), isKeyframe: second.truncatingRemainder(dividingBy: 2) == 0, duration: t(0.5))
        }
        XCTAssertEqual(planner.shift, t(6), "the 6 s stripped")
        XCTAssertEqual(planner.nextEdge(after: t(12)), t(16))
        XCTAssertEqual(planner.upcomingEdges(after: t(12)), [t(16) - planner.shift], "the grid's edges are shifted")
    }
}
