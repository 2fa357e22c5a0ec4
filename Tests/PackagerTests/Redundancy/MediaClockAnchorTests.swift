import XCTest
@testable import Packager

/// The UTC time of PTS 0 two instances pick alike from what each measures.
final class MediaClockAnchorTests: XCTestCase {
    private let w = MediaClockAnchor.wrap
    private let q: Int64 = 1_080_000        // 12 s: the quantum of a 6 s step

    func testTheQuantumIsTheFirstMultipleOfTheStepOfAtLeast10s() {
        XCTAssertEqual(MediaClockAnchor.quantum(stepTicks: 540_000), 1_080_000)
        XCTAssertEqual(MediaClockAnchor.quantum(stepTicks: 900_000), 900_000)
        XCTAssertEqual(MediaClockAnchor.quantum(stepTicks: 630_000), 1_260_000)
        XCTAssertEqual(MediaClockAnchor.quantum(stepTicks: 360_000), 1_080_000)
    }

    func testAnOperatorOriginMovesByTheWholePTSPeriodsTheWallClockSaysHavePassed() {
        let origin: Int64 = 161_651_700_000_000
        let now = MediaClockAnchor.choose(offsetTicks: origin + 90_000, quantum: q, operatorOrigin: origin, firstTicks: 0, notBefore: nil)
        XCTAssertEqual(now, MediaClockAnchor(originTicks: origin, marginTicks: nil, raised: false))
        let later = MediaClockAnchor.choose(offsetTicks: origin + 3 * w + 5 * 90_000, quantum: q, operatorOrigin: origin,
                                            firstTicks: 0, notBefore: nil)
        XCTAssertEqual(later.originTicks, origin + 3 * w)
        let justBefore = MediaClockAnchor.choose(offsetTicks: origin - 90_000, quantum: q, operatorOrigin: origin,
                                                 firstTicks: 0, notBefore: nil)
        XCTAssertEqual(justBefore.originTicks, origin, "an offset a second early still rounds to the same period")
    }

    func testWithoutAnOriginTheOffsetIsRoundedDownToTheQuantumWithinItsPeriodAndTheMarginReported() {
        let y = 5 * w + 7 * q + 100
        XCTAssertEqual(MediaClockAnchor.choose(offsetTicks: y, quantum: q, operatorOrigin: nil, firstTicks: 0, notBefore: nil),
                       MediaClockAnchor(originTicks: 5 * w + 7 * q, marginTicks: 100, raised: false))
        let nearTheTop = MediaClockAnchor.choose(offsetTicks: 5 * w + 8 * q - 90, quantum: q, operatorOrigin: nil,
                                                 firstTicks: 0, notBefore: nil)
        XCTAssertEqual(nearTheTop.originTicks, 5 * w + 7 * q)
        XCTAssertEqual(nearTheTop.marginTicks, 90)
        // The period's last quantum is cut short by the wrap: the margin is to the wrap.
        let lastQuanta = w / q
        let tail = MediaClockAnchor.choose(offsetTicks: 2 * w + lastQuanta * q + 50, quantum: q, operatorOrigin: nil,
                                           firstTicks: 0, notBefore: nil)
        XCTAssertEqual(tail.originTicks, 2 * w + lastQuanta * q)
        XCTAssertEqual(tail.marginTicks, 50)
    }

    func testAnEpochThatWouldBeDatedBeforeWhatWasPublishedMovesUpToTheNextLatticePoint() {
        let y = 5 * w + 7 * q + 100
        let anchor = MediaClockAnchor.choose(offsetTicks: y, quantum: q, operatorOrigin: nil, firstTicks: 1_000,
                                             notBefore: 5 * w + 7 * q + 2_000)
        XCTAssertEqual(anchor, MediaClockAnchor(originTicks: 5 * w + 8 * q, marginTicks: 100, raised: true))
        let fine = MediaClockAnchor.choose(offsetTicks: y, quantum: q, operatorOrigin: nil, firstTicks: 1_000,
                                           notBefore: 5 * w + 7 * q + 1_000)
        XCTAssertFalse(fine.raised, "starting exactly where the published segments end is allowed")
    }

    func testTheLatticeRunsInWholeQuantaWithinAPeriodThenJumpsToTheNextPeriod() {
        XCTAssertEqual(MediaClockAnchor.lattice(atLeast: 0, quantum: q), 0)
        XCTAssertEqual(MediaClockAnchor.lattice(atLeast: 1, quantum: q), q)
        XCTAssertEqual(MediaClockAnchor.lattice(atLeast: w + q, quantum: q), w + q)
        XCTAssertEqual(MediaClockAnchor.lattice(atLeast: (w / q) * q + 1, quantum: q), w)
    }
}
