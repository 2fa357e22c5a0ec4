import XCTest
@testable import Packager

/// 1024-sample AAC frames at 48 kHz last 1920 ticks of 90 kHz.
final class AudioSpliceRuleTests: XCTestCase {
    func testFrameWithMostSamplesBeforeTheCutStaysBefore() {
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1920, cut: 961), .before)
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1920, cut: 959), .after)
    }

    func testExactHalfGoesAfter() {
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1920, cut: 960), .after)
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1921, cut: 960), .after, "odd durations compare without rounding")
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1919, cut: 960), .before)
    }

    func testCutOnAFrameBoundaryKeepsEachFrameOnItsSide() {
        XCTAssertEqual(AudioSpliceRule.side(pts: 0, duration: 1920, cut: 1920), .before)
        XCTAssertEqual(AudioSpliceRule.side(pts: 1920, duration: 1920, cut: 1920), .after)
    }

    func testEdgeNeverMovesMoreThanHalfAFrame() {
        for cut in stride(from: Int64(0), through: 3840, by: 7) {
            for pts in stride(from: Int64(-1920), through: 3840, by: 1920) {
                let error = AudioSpliceRule.edgeError(pts: pts, duration: 1920, cut: cut)
                guard pts < cut, cut < pts + 1920 else { continue }
                XCTAssertLessThanOrEqual(abs(error), 960, "frame \(pts) cut \(cut)")
            }
        }
        XCTAssertEqual(AudioSpliceRule.edgeError(pts: 0, duration: 1920, cut: 1500), 420)
        XCTAssertEqual(AudioSpliceRule.edgeError(pts: 0, duration: 1920, cut: 500), -500)
    }
}
