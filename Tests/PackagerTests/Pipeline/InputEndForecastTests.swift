import XCTest
@testable import Packager

/// Where a file input will end: the bytes left at the rate its bytes covered media since the
/// forecast's anchor (its first read, or the last jump of its timestamps).
final class InputEndForecastTests: XCTestCase {
    func testHalfTheFileReadInTenSecondsEndsTenSecondsLater() {
        var forecast = InputEndForecast()
        XCTAssertNil(forecast.endPTS(size: 10_000_000, bytesRead: 0, videoEnd: 126_000), "the anchor")
        XCTAssertEqual(forecast.endPTS(size: 10_000_000, bytesRead: 5_000_000, videoEnd: 126_000 + 900_000), 126_000 + 1_800_000)
    }

    func testEverythingReadEndsAtTheLatestFrame() {
        var forecast = InputEndForecast()
        _ = forecast.endPTS(size: 4_000_000, bytesRead: 0, videoEnd: 0)
        XCTAssertEqual(forecast.endPTS(size: 4_000_000, bytesRead: 4_000_000, videoEnd: 540_000), 540_000)
    }

    func testLessThanASecondSinceTheAnchorGivesNoForecast() {
        var forecast = InputEndForecast()
        XCTAssertNil(forecast.endPTS(size: 200_000, bytesRead: 0, videoEnd: 0))
        XCTAssertNil(forecast.endPTS(size: 200_000, bytesRead: 50_000, videoEnd: 89_999))
        XCTAssertEqual(forecast.endPTS(size: 200_000, bytesRead: 100_000, videoEnd: 90_000), 180_000)
        XCTAssertNil(forecast.endPTS(size: nil, bytesRead: 150_000, videoEnd: 135_000), "no size, no forecast")
    }

    /// Read past its size at open, the input is growing: its end is not its size, then or later.
    func testAnInputReadPastItsSizeHasNoForecast() {
        var forecast = InputEndForecast()
        _ = forecast.endPTS(size: 4_000_000, bytesRead: 0, videoEnd: 0)
        XCTAssertEqual(forecast.endPTS(size: 4_000_000, bytesRead: 4_000_000, videoEnd: 540_000), 540_000)
        XCTAssertNil(forecast.endPTS(size: 4_000_000, bytesRead: 4_000_001, videoEnd: 540_100))
        XCTAssertNil(forecast.endPTS(size: 4_000_000, bytesRead: 5_000_000, videoEnd: 675_000))
    }

    /// Media before a reset says nothing of the rate after it: the bytes and media since the jump count.
    func testATimestampJumpMovesTheAnchor() {
        var forecast = InputEndForecast()
        _ = forecast.endPTS(size: 3_000_000, bytesRead: 0, videoEnd: 8_000_000)
        XCTAssertEqual(forecast.endPTS(size: 3_000_000, bytesRead: 1_000_000, videoEnd: 8_000_000 + 180_000), 8_000_000 + 540_000)
        XCTAssertNil(forecast.endPTS(size: 3_000_000, bytesRead: 1_100_000, videoEnd: 9_000), "backwards: the new anchor")
        XCTAssertEqual(forecast.endPTS(size: 3_000_000, bytesRead: 1_500_000, videoEnd: 9_000 + 90_000), 9_000 + 90_000 + 337_500)
        XCTAssertNil(forecast.endPTS(size: 3_000_000, bytesRead: 1_600_000, videoEnd: 99_000 + InputEndForecast.jump + 1),
                     "more than 10 s forwards: the new anchor")
    }
}
