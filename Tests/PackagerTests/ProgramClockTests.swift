import XCTest
@testable import CueDetect

final class ProgramClockTests: XCTestCase {
    func testAdd33WrapsModulo2To33() {
        XCTAssertEqual(ProgramClock.add33(ProgramClock.mask, 2), 1)
    }

    func testUnwrapPicksValueNearestReferenceAcrossWrap() {
        let reference = ProgramClock.wrap - 90_000          // one second before the wrap
        XCTAssertEqual(ProgramClock.unwrap(90_000, near: reference), ProgramClock.wrap + 90_000)
        XCTAssertEqual(ProgramClock.unwrap(UInt64(ProgramClock.wrap - 180_000), near: ProgramClock.wrap + 10),
                       ProgramClock.wrap - 180_000)
    }

    func testUnwrapperIsMonotonicAcrossTheWrap() {
        var u = TimestampUnwrapper()
        let raws: [UInt64] = [UInt64(ProgramClock.wrap) - 3000, UInt64(ProgramClock.wrap) - 6000, 1000, 4000]
        XCTAssertEqual(raws.map { u.unwrap($0) },
                       [ProgramClock.wrap - 3000, ProgramClock.wrap - 6000, ProgramClock.wrap + 1000, ProgramClock.wrap + 4000])
    }
}
