import XCTest
@testable import Packager

/// `SplicePlan` on GOP shapes written out by hand (timestamps in frames): which pictures stay,
/// which are re-encoded, and the decode times they get.
final class SplicePlanTests: XCTestCase {
    /// (pts, dts, keyframe) in decode order.
    private func frames(_ list: [(Int64, Int64, Bool)], nonReference: Set<Int> = []) -> [SpliceFrame] {
        list.enumerated().map { SpliceFrame(pts: $1.0, dts: $1.1, isKeyframe: $1.2, isNonReference: nonReference.contains($0)) }
    }

    /// I0 P4 B2 b1 b3 P8 B6 b5 b7 | I12 (closed), as a hierarchical-B encoder orders them.
    private var pyramid: [SpliceFrame] {
        frames([(0, -2, true), (4, -1, false), (2, 0, false), (1, 1, false), (3, 2, false),
                (8, 3, false), (6, 4, false), (5, 5, false), (7, 6, false), (9, 7, false), (11, 8, false),
                (10, 9, false), (12, 10, true)])
    }

    func testSpliceAfterAnAnchorKeepsTheWholePrefix() throws {
        let plan = try SplicePlan.accurate(pyramid, splice: 5, input: "t")
        XCTAssertEqual(plan.before.map(\.origin), (0..<5).map { .source($0) })
        XCTAssertEqual(plan.reencode, [5, 6, 7, 8, 9, 10, 11])
        XCTAssertEqual(plan.after.map(\.pts), [5, 6, 7, 8, 9, 10, 11, 12])
        XCTAssertEqual(plan.after.last?.origin, .resumeKeyframe(12))
        // The window's own DTS values, in display order: 3…9 for the re-encoded run, 10 for the keyframe.
        XCTAssertEqual(plan.after.map(\.dts), [3, 4, 5, 6, 7, 8, 9, 10])
    }

    func testBFramesThatPredictFromAcrossTheSpliceAreReencodedBeforeIt() throws {
        // Splice at 7: P8 (decode index 5) is the first picture shown at or after it, so B6, b5
        // (decoded after P8, shown before 7) must be re-encoded; b7 is after the cut.
        let plan = try SplicePlan.accurate(pyramid, splice: 7, input: "t")
        XCTAssertEqual(plan.before.map(\.origin), (0..<5).map { .source($0) } + [.reencoded, .reencoded])
        XCTAssertEqual(plan.before.map(\.pts), [0, 4, 2, 1, 3, 5, 6])
        XCTAssertEqual(plan.before.map(\.dts), [-2, -1, 0, 1, 2, 3, 4])
        XCTAssertEqual(plan.reencode, [5, 6, 7, 8, 9, 10, 11])
        XCTAssertEqual(plan.after.first?.pts, 7)
    }

    func testDecodingSkipsNonReferencePicturesNothingNeeds() throws {
        // b1 and b3 (indices 3, 4) are disposable and shown before the re-encoded run: not decoded.
        let shape = pyramid.enumerated().map { index, frame in
            SpliceFrame(pts: frame.pts, dts: frame.dts, isKeyframe: frame.isKeyframe, isNonReference: [3, 4, 7, 8].contains(index))
        }
        let plan = try SplicePlan.accurate(shape, splice: 7, input: "t")
        XCTAssertEqual(plan.decode, [0, 1, 2, 5, 6, 7, 8, 9, 10, 11])
    }

    /// I2 B0 B1 (leading, open GOP) P5 B3 B4 P8 B6 B7 | I11 B9 B10 (leading of the next keyframe) P14.
    private var openGOP: [SpliceFrame] {
        frames([(2, -1, true), (0, 0, false), (1, 1, false), (5, 2, false), (3, 3, false), (4, 4, false),
                (8, 5, false), (6, 6, false), (7, 7, false), (11, 8, true), (9, 9, false), (10, 10, false)])
    }

    func testLeadingPicturesOfTheResumeKeyframeAreReencodedAndTheKeyframeDecodedLast() throws {
        let plan = try SplicePlan.accurate(openGOP, splice: 7, input: "t")
        XCTAssertEqual(plan.reencode, [6, 7, 8, 9, 10])
        XCTAssertEqual(plan.before.map(\.pts), [2, 0, 1, 5, 3, 4, 6])
        XCTAssertEqual(plan.after.map(\.pts), [7, 8, 9, 10, 11])
        XCTAssertEqual(plan.after.map(\.dts), [6, 7, 8, 9, 10], "the keyframe takes the last leading picture's DTS")
        XCTAssertEqual(plan.dropped, [10, 11])
        XCTAssertEqual(plan.decode, Array(0...11).filter { $0 != 1 && $0 != 2 }, "the start keyframe's own leading pictures are not decodable")
    }

    func testSpliceAtAnOpenKeyframeReencodesOnlyItsLeadingPictures() throws {
        let plan = try SplicePlan.accurate(openGOP, splice: 11, input: "t")
        XCTAssertEqual(plan.reencode, [9, 10])
        XCTAssertEqual(plan.before.suffix(2).map(\.origin), [.reencoded, .reencoded])
        XCTAssertEqual(plan.after.map(\.origin), [.resumeKeyframe(9)])
    }

    func testSpliceAtAClosedKeyframeChangesNothing() throws {
        let plan = try SplicePlan.accurate(pyramid, splice: 12, input: "t")
        XCTAssertEqual(plan.reencode, [])
        XCTAssertEqual(plan.decode, [])
        XCTAssertEqual(plan.before.map(\.origin), (0..<12).map { .source($0) })
    }

    func testKeyframeModeDropsLeadingPicturesAndKeepsEveryDTS() throws {
        let plan = try SplicePlan.atKeyframe(openGOP, splice: 7, input: "t")
        XCTAssertEqual(plan.landedPTS, 11)
        XCTAssertEqual(plan.before.map(\.origin), (0..<9).map { .source($0) })
        XCTAssertEqual(plan.after.map(\.origin), [.resumeKeyframe(9)])
        XCTAssertEqual(plan.after.map(\.dts), [8])
        XCTAssertEqual(plan.dropped, [10, 11])
    }

    func testSpliceAtTheWindowStartNeedsTheEarlierKeyframe() {
        XCTAssertThrowsError(try SplicePlan.accurate(openGOP, splice: 2, input: "in.ts")) { error in
            XCTAssertEqual(error as? VideoSpliceError, .spliceOutsideWindow(input: "in.ts", splice: 2, first: 0, last: 11))
        }
    }

    func testWindowWithoutAKeyframeFirstIsRefused() {
        XCTAssertThrowsError(try SplicePlan.accurate(Array(pyramid.dropFirst()), splice: 5, input: "in.ts")) { error in
            XCTAssertEqual(error as? VideoSpliceError, .windowDoesNotStartWithKeyframe(input: "in.ts", pts: 4))
        }
    }

    func testDTSAfterPTSIsRefused() {
        let bad = frames([(0, 0, true), (1, 5, false), (2, 6, false), (3, 7, true)])
        XCTAssertThrowsError(try SplicePlan.accurate(bad, splice: 1, input: "in.ts")) { error in
            guard case .badTimestamps(let input, let pts, _)? = error as? VideoSpliceError else { return XCTFail("\(error)") }
            XCTAssertEqual(input, "in.ts")
            XCTAssertEqual(pts, 1)
        }
    }

    func testEndOfInputWithoutResumeKeyframeReencodesToTheEnd() throws {
        let plan = try SplicePlan.accurate(Array(pyramid.prefix(12)), splice: 9, input: "t")
        XCTAssertEqual(plan.reencode, [9, 10, 11])
        XCTAssertEqual(plan.after.map(\.origin), [.reencoded, .reencoded, .reencoded])
        XCTAssertEqual(plan.after.map(\.dts), [7, 8, 9])
    }
}
