import XCTest
@testable import Packager
import Primitives

final class PlaylistTextTests: XCTestCase {
    func testExtinfIsFlooredToWholeMillisecondsWithThreeDecimals() {
        XCTAssertEqual(ExtinfText.format(ticks: 540_540), "6.006")
        XCTAssertEqual(ExtinfText.format(ticks: 584_999), "6.499")  // 6.49998… s must not read as 6.500
        XCTAssertEqual(ExtinfText.format(ticks: 585_000), "6.500")
        XCTAssertEqual(ExtinfText.format(ticks: 1920), "0.021")  // one AAC frame at 48 kHz, 21.333 ms
        XCTAssertEqual(ExtinfText.format(ticks: 89), "0.000")
        XCTAssertEqual(ExtinfText.format(ticks: 9_000_000), "100.000")
        XCTAssertEqual(ExtinfText.format(ticks: -5), "0.000")
    }

    func testDecimalDigitsArePaddedToTheWidthAndNeverCut() {
        func text(_ value: Int64, _ width: Int) -> String {
            var bytes = Array("x".utf8)
            DecimalDigits.append(value, width: width, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(text(0, 1), "x0")
        XCTAssertEqual(text(0, 3), "x000")
        XCTAssertEqual(text(7, 2), "x07")
        XCTAssertEqual(text(59, 2), "x59")
        XCTAssertEqual(text(1000, 3), "x1000")
        XCTAssertEqual(text(2026, 4), "x2026")
        XCTAssertEqual(text(Int64.max, 1), "x9223372036854775807")
    }

    func testProgramDateTimeIsWrittenWithMillisecondsAndZ() {
        XCTAssertEqual(ISO8601Text.format(millis: PlaylistSamples.midnight), "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601Text.format(millis: 0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601Text.format(millis: 1_709_251_199_999), "2024-02-29T23:59:59.999Z")
        XCTAssertEqual(ISO8601Text.format(millis: 951_868_800_000), "2000-03-01T00:00:00.000Z")
        XCTAssertEqual(ISO8601Text.format(millis: 951_868_800_000 - 1), "2000-02-29T23:59:59.999Z")
        XCTAssertEqual(ISO8601Text.format(millis: -1), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(ISO8601Text.format(millis: 4_102_444_800_000 - 7), "2099-12-31T23:59:59.993Z")
    }

    func testEveryDayOfFourHundredYearsRoundTripsThroughTheCivilCalendar() {
        var expected = (year: Int64(1970), month: Int64(1), day: Int64(1))
        let monthLengths: [Int64] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for days in Int64(0)..<146_097 {
            let date = ISO8601Text.civil(fromDaysSinceEpoch: days)
            XCTAssertTrue(date == expected, "day \(days): \(date) != \(expected)")
            if date != expected { return }
            let leap = expected.year % 4 == 0 && (expected.year % 100 != 0 || expected.year % 400 == 0)
            let length = expected.month == 2 && leap ? 29 : monthLengths[Int(expected.month - 1)]
            if expected.day < length {
                expected.day += 1
            } else if expected.month < 12 {
                expected = (expected.year, expected.month + 1, 1)
            } else {
                expected = (expected.year + 1, 1, 1)
            }
        }
    }

    func testQuotedStringsWithQuotesOrLineBreaksAreRejected() {
        XCTAssertThrowsError(try PlaylistText.checkQuoted("en\"", tag: "EXT-X-MEDIA", attribute: "LANGUAGE")) { error in
            XCTAssertEqual((error as? PlaylistTextError)?.description,
                           "EXT-X-MEDIA LANGUAGE=\"en\\\"\" cannot be written: it contains a double quote")
        }
        XCTAssertThrowsError(try PlaylistText.checkQuoted("a\nb", tag: "EXT-X-MAP", attribute: "URI")) { error in
            XCTAssertEqual(error as? PlaylistTextError, .badQuotedString(tag: "EXT-X-MAP", attribute: "URI", value: "a\nb",
                                                                         reason: "it contains control character U+000A"))
        }
        XCTAssertThrowsError(try PlaylistText.checkQuoted("", tag: "EXT-X-MEDIA", attribute: "NAME"))
        XCTAssertNoThrow(try PlaylistText.checkQuoted("avc1.640028,mp4a.40.2", tag: "EXT-X-STREAM-INF", attribute: "CODECS"))
        XCTAssertThrowsError(try PlaylistText.checkURILine("#seg.ts")) { error in
            XCTAssertEqual(error as? PlaylistTextError, .badURILine(uri: "#seg.ts", reason: "it starts with '#' and would read as a tag"))
        }
        XCTAssertNoThrow(try PlaylistText.checkURILine("video/seg 1.ts"))
    }
}
