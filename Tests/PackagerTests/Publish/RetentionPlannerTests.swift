import Foundation
import XCTest
import Packager

final class RetentionPlannerTests: XCTestCase {
    func testRemovedSegmentIsDueAtFirstListedPlusDurationPlusPlaylistDurationPlusExtra() {
        var planner = RetentionPlanner(keepExtra: 2)
        planner.noteListed(name: "seg_1.ts", duration: 6, at: 100)
        planner.noteRemoved(name: "seg_1.ts", playlistDuration: 30, at: 130)

        XCTAssertEqual(planner.nextDueTime, 138)
        XCTAssertEqual(planner.due(at: 137.999), [])
        XCTAssertEqual(planner.due(at: 138), ["seg_1.ts"])
    }

    func testListingAgainKeepsTheFirstListedTime() {
        var planner = RetentionPlanner()
        planner.noteListed(name: "seg_1.ts", duration: 4, at: 10)
        planner.noteListed(name: "seg_1.ts", duration: 4, at: 14)
        planner.noteListed(name: "seg_1.ts", duration: 4, at: 18)
        planner.noteRemoved(name: "seg_1.ts", playlistDuration: 12, at: 22)

        XCTAssertEqual(planner.nextDueTime, 26)
    }

    func testDueNamesComeEarliestFirstAndStayUntilDeleted() {
        var planner = RetentionPlanner(keepExtra: 1)
        planner.noteListed(name: "b.ts", duration: 2, at: 0)
        planner.noteListed(name: "a.ts", duration: 2, at: 2)
        planner.noteListed(name: "c.ts", duration: 2, at: 0)
        planner.noteRemoved(name: "b.ts", playlistDuration: 6, at: 8)
        planner.noteRemoved(name: "a.ts", playlistDuration: 6, at: 10)
        planner.noteRemoved(name: "c.ts", playlistDuration: 6, at: 8)

        XCTAssertEqual(planner.due(at: 9), ["b.ts", "c.ts"])
        XCTAssertEqual(planner.due(at: 11), ["b.ts", "c.ts", "a.ts"])
        planner.noteDeleted(name: "b.ts")
        XCTAssertEqual(planner.due(at: 11), ["c.ts", "a.ts"])
        XCTAssertEqual(planner.nextDueTime, 9)
    }

    func testSegmentRemovedWithoutBeingNotedListedIsKeptForThePlaylistDurationFromRemoval() {
        var planner = RetentionPlanner(keepExtra: 3)
        planner.noteRemoved(name: "before_restart.ts", playlistDuration: 24, at: 1000)

        XCTAssertEqual(planner.due(at: 1026.9), [])
        XCTAssertEqual(planner.due(at: 1027), ["before_restart.ts"])
    }

    func testStillListedSegmentIsNeverDue() {
        var planner = RetentionPlanner()
        planner.noteListed(name: "seg_9.ts", duration: 6, at: 0)

        XCTAssertEqual(planner.due(at: 1e9), [])
        XCTAssertNil(planner.nextDueTime)
    }

    func testJSONRoundTripKeepsListedAndPendingSegments() throws {
        var planner = RetentionPlanner(keepExtra: 1.5)
        planner.noteListed(name: "seg_1.ts", duration: 6, at: 100)
        planner.noteListed(name: "seg_2.ts", duration: 6, at: 106)
        planner.noteRemoved(name: "seg_1.ts", playlistDuration: 18, at: 124)

        let restored = try JSONDecoder().decode(RetentionPlanner.self, from: JSONEncoder().encode(planner))
        XCTAssertEqual(restored, planner)
        XCTAssertEqual(restored.due(at: 125.5), ["seg_1.ts"])
        var continued = restored
        continued.noteRemoved(name: "seg_2.ts", playlistDuration: 18, at: 130)
        XCTAssertEqual(continued.due(at: 131.5), ["seg_1.ts", "seg_2.ts"])
    }
}
