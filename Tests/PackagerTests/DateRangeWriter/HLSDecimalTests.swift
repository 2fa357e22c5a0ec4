import XCTest
@testable import DateRangeWriter

final class HLSDecimalTests: XCTestCase {
    func testWholeSecondsRenderWithoutFraction() {
        XCTAssertEqual(HLSDecimal(seconds: 30).text, "30")
        XCTAssertEqual(HLSDecimal(milliseconds: 30_000).text, "30")
        XCTAssertEqual(HLSDecimal.zero.text, "0")
    }

    func testFractionsKeepMillisecondsAndTrimTrailingZeros() {
        XCTAssertEqual(HLSDecimal(milliseconds: 30_500).text, "30.5")
        XCTAssertEqual(HLSDecimal(milliseconds: 30_250).text, "30.25")
        XCTAssertEqual(HLSDecimal(milliseconds: 6_006).text, "6.006")
        XCTAssertEqual(HLSDecimal(milliseconds: 1).text, "0.001")
        XCTAssertEqual(HLSDecimal(milliseconds: 10).text, "0.01")
        XCTAssertEqual(HLSDecimal(milliseconds: 1_000_000_007).text, "1000000.007")
    }

    func testNegativeValuesCarryALeadingMinus() {
        XCTAssertEqual(HLSDecimal(milliseconds: -1_500).text, "-1.5")
        XCTAssertEqual(HLSDecimal(milliseconds: -7).text, "-0.007")
    }

    func testSameValueGivesSameBytesHoweverItWasReached() {
        let tenths = HLSDecimal(milliseconds: 100) + HLSDecimal(milliseconds: 200)
        XCTAssertEqual(tenths.text, "0.3")
        XCTAssertEqual(HLSDecimal(roundingSeconds: 0.1 + 0.2)?.text, "0.3")
        XCTAssertEqual(HLSDecimal(roundingSeconds: 30.0)?.text, HLSDecimal(seconds: 30).text)
        XCTAssertEqual(HLSDecimal(ticks90k: 2_700_000).text, "30")
        var sum = HLSDecimal.zero
        for _ in 0..<10 { sum = sum + HLSDecimal(milliseconds: 100) }
        XCTAssertEqual(sum, HLSDecimal(seconds: 1))
        XCTAssertEqual(sum.text, "1")
    }

    func testNinetyKilohertzTicksRoundToNearestMillisecond() {
        XCTAssertEqual(HLSDecimal(ticks90k: 90).milliseconds, 1)
        XCTAssertEqual(HLSDecimal(ticks90k: 44).milliseconds, 0)
        XCTAssertEqual(HLSDecimal(ticks90k: 45).milliseconds, 1)       // a tie rounds away from zero
        XCTAssertEqual(HLSDecimal(ticks90k: -45).milliseconds, -1)
        XCTAssertEqual(HLSDecimal(ticks90k: 5_426_421).text, "60.294") // 60.293567 s break_duration
        XCTAssertEqual(HLSDecimal(ticks90k: .max).milliseconds, 102_481_911_520_608_620)
        XCTAssertEqual(HLSDecimal(ticks90k: .min).milliseconds, -102_481_911_520_608_620)
    }

    func testFloatsThatAreNotNumbersGiveNoDecimal() {
        XCTAssertNil(HLSDecimal(roundingSeconds: .nan))
        XCTAssertNil(HLSDecimal(roundingSeconds: .infinity))
        XCTAssertNil(HLSDecimal(roundingSeconds: 1e300))
        XCTAssertEqual(HLSDecimal(roundingSeconds: -0.0004)?.milliseconds, 0)
    }
}
