import Foundation
import XCTest
@testable import Packager

/// `InterruptFlag.sleep(until:)` is one wait that ends at its date or the moment the flag is
/// raised, so a paced or retrying channel stops promptly without waking to look.
final class InterruptFlagTests: XCTestCase {

    func testASleepEndsWhenTheFlagIsRaised() {
        let flag = InterruptFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { flag.raise() }
        let begin = Date()
        flag.sleep(until: begin.addingTimeInterval(60))
        XCTAssertLessThan(Date().timeIntervalSince(begin), 10)
        XCTAssertTrue(flag.isRaised)
    }

    func testASleepLastsUntilItsDateWhenNothingIsRaised() {
        let flag = InterruptFlag()
        let until = Date().addingTimeInterval(0.15)
        flag.sleep(until: until)
        // The condition's deadline is whole nanoseconds since 1970 from a Double: it may fall
        // a fraction of a microsecond before `until`.
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(until), -0.001)
        XCTAssertFalse(flag.isRaised)
    }

    func testASleepOnARaisedFlagReturnsAtOnce() {
        let flag = InterruptFlag()
        flag.raise()
        let begin = Date()
        flag.sleep(until: begin.addingTimeInterval(60))
        XCTAssertLessThan(Date().timeIntervalSince(begin), 10)
    }
}
