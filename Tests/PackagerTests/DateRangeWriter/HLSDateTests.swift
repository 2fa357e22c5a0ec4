import Foundation
import XCTest
@testable import DateRangeWriter

final class HLSDateTests: XCTestCase {
    func testEpochAndFixtureInstantsRenderInUTCWithMilliseconds() throws {
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: 0).text, "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(DateRangeFixtures.date().text, DateRangeFixtures.startText)
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: 951_868_799_999).text, "2000-02-29T23:59:59.999Z")
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: 951_868_800_000).text, "2000-03-01T00:00:00.000Z")
    }

    func testInstantsBeforeNineteenSeventyRenderCorrectly() throws {
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: -1).text, "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: HLSDate.earliest).text, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(try HLSDate(millisecondsSinceEpoch: HLSDate.latest).text, "9999-12-31T23:59:59.999Z")
    }

    func testInstantsOutsideFourDigitYearsAreRejected() {
        XCTAssertThrowsError(try HLSDate(millisecondsSinceEpoch: HLSDate.latest + 1)) { error in
            XCTAssertEqual(error as? DateRangeError, .dateOutOfRange(millisecondsSinceEpoch: HLSDate.latest + 1))
        }
        XCTAssertThrowsError(try HLSDate(millisecondsSinceEpoch: HLSDate.earliest - 1))
    }

    func testFoundationDatesRoundToTheNearestMillisecond() throws {
        let date = Date(timeIntervalSince1970: 1_795_968_000.0004)
        XCTAssertEqual(try HLSDate(date).millisecondsSinceEpoch, 1_795_968_000_000)
        XCTAssertEqual(try HLSDate(Date(timeIntervalSince1970: 1_795_968_000.0006)).text, "2026-11-29T16:00:00.001Z")
    }

    func testHandFormattingAgreesWithFoundationOverManySeededInstants() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var rng = SplitMix64(seed: 0xDA7E)
        for _ in 0..<2_000 {
            // 1900 ... 2200: the range Foundation's proleptic calendar and ours share.
            let ms = Int64(rng.next() % 9_467_280_000_000) - 2_208_988_800_000
            let hls = try HLSDate(millisecondsSinceEpoch: ms)
            XCTAssertEqual(hls.text, formatter.string(from: hls.date), "ms \(ms)")
        }
    }

    func testAddingADurationIsExact() throws {
        let end = try DateRangeFixtures.date().adding(HLSDecimal(milliseconds: 29_960))
        XCTAssertEqual(end.text, "2026-11-29T16:00:29.960Z")
    }
}
