import Foundation
import XCTest
@testable import Packager

/// `Retry-After` (RFC 9110 §10.2.3) as the HTTP sink reads it: delay-seconds or an HTTP date in
/// any of its three forms; anything else is not a wait.
final class RetryAfterTests: XCTestCase {
    /// 1994-11-06T08:49:37Z, the RFC's example date, minus 30 s.
    private let now = Date(timeIntervalSince1970: 784_111_777 - 30)

    func testDelaySecondsAreTakenAsTheyAre() {
        XCTAssertEqual(RetryAfter.seconds("120", now: now), 120)
        XCTAssertEqual(RetryAfter.seconds(" 0 ", now: now), 0)
        XCTAssertEqual(RetryAfter.seconds("100000000000000000000", now: now), 1e20)
    }

    func testEachHTTPDateFormIsTheTimeLeftUntilIt() {
        XCTAssertEqual(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now), 30)
        XCTAssertEqual(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:37 GMT", now: now), 30)
        XCTAssertEqual(RetryAfter.seconds("Sun Nov  6 08:49:37 1994", now: now), 30)
    }

    func testADateAlreadyPastIsNoWait() {
        XCTAssertEqual(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:00 GMT", now: now), 0)
    }

    func testValuesOfNeitherFormAreNotAWait() {
        for value in ["", "soon", "-5", "1.5", "5s", "+3", "٣", "Sun, 06 Nov 1994 08:49:37 CET"] {
            XCTAssertNil(RetryAfter.seconds(value, now: now), value)
        }
    }
}
