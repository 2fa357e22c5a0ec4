import XCTest
@testable import Packager

/// Where a file input will end: the bytes left at the rate its bytes so far covered media.
final class InputEndForecastTests: XCTestCase {
    func testHalfTheFileReadInTenSecondsEndsTenSecondsLater() {
        XCTAssertEqual(InputEndForecast.endPTS(size: 10_000_000, bytesRead: 5_000_000, firstVideo: 126_000,
                                               videoEnd: 126_000 + 900_000), 126_000 + 1_800_000)
    }

    func testEverythingReadEndsAtTheLatestFrame() {
        XCTAssertEqual(InputEndForecast.endPTS(size: 4_000_000, bytesRead: 4_000_000, firstVideo: 0, videoEnd: 540_000), 540_000)
        // A file that grew past the size last seen: its end is no earlier than what was read.
        XCTAssertEqual(InputEndForecast.endPTS(size: 4_000_000, bytesRead: 4_100_000, firstVideo: 0, videoEnd: 540_000), 540_000)
    }

    func testLessThanASecondOfMediaGivesNoForecast() {
        XCTAssertNil(InputEndForecast.endPTS(size: 10_000_000, bytesRead: 50_000, firstVideo: 0, videoEnd: 89_999))
        XCTAssertEqual(InputEndForecast.endPTS(size: 200_000, bytesRead: 100_000, firstVideo: 0, videoEnd: 90_000), 180_000)
        XCTAssertNil(InputEndForecast.endPTS(size: 10_000_000, bytesRead: 50_000, firstVideo: nil, videoEnd: nil))
    }
}
