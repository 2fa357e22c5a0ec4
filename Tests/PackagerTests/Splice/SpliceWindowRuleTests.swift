import XCTest
@testable import Packager

final class SpliceWindowRuleTests: XCTestCase {
    private func frames(_ list: [(Int64, Bool)]) -> [SpliceFrame] {
        list.enumerated().map { SpliceFrame(pts: $1.0, dts: Int64($0), isKeyframe: $1.1) }
    }

    func testWindowEndsAtTheFirstPictureShownAfterTheResumeKeyframe() {
        // K2 B0 B1 P5 B3 B4 | K8 B6 B7 (leading) P11 …
        let list = frames([(2, true), (0, false), (1, false), (5, false), (3, false), (4, false),
                           (8, true), (6, false), (7, false), (11, false), (9, false)])
        XCTAssertEqual(SpliceWindowRule.windowLength(list, splice: 4), 9)
        XCTAssertNil(SpliceWindowRule.windowLength(Array(list.prefix(9)), splice: 4), "still open until P11 arrives")
    }

    func testWindowOfAClosedGOPEndsRightAfterTheResumeKeyframe() {
        let list = frames([(0, true), (2, false), (1, false), (3, true), (5, false), (4, false)])
        XCTAssertEqual(SpliceWindowRule.windowLength(list, splice: 1), 4)
    }

    func testWindowStartsAtTheLastKeyframeShownBeforeTheSplice() {
        let list = frames([(0, true), (1, false), (2, true), (3, false), (4, true)])
        XCTAssertEqual(SpliceWindowRule.windowStart(list, splice: 3), 2)
        XCTAssertEqual(SpliceWindowRule.windowStart(list, splice: 2), 0, "a splice on a keyframe starts at the one before")
        XCTAssertNil(SpliceWindowRule.windowStart(list, splice: 0))
    }
}
