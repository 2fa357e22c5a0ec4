import Foundation
import XCTest
@testable import Packager

/// Numbers in a stitched input's playlist that would overflow what is computed from them are
/// refused with their line. Found by mutating the sample's playlist: `#EXTINF:99999999999999999999`
/// and `#EXTINF:1e308` trapped the process (a Double past Int64 in the next segment's date).
final class HLSPlaylistParserLimitsTests: XCTestCase {
    private func parse(extinf: String) throws -> HLSPlaylist {
        let text = ["#EXTM3U", "#EXT-X-TARGETDURATION:6", "#EXT-X-PROGRAM-DATE-TIME:2025-03-01T20:00:00.000Z",
                    "#EXTINF:\(extinf),", "a.ts", "#EXTINF:6.000,", "b.ts", "#EXT-X-ENDLIST"].joined(separator: "\n")
        return try HLSPlaylistParser.parse(Data(text.utf8), url: URL(fileURLWithPath: "/in/index.m3u8"), name: "index.m3u8")
    }

    func testAnExtinfLongerThanADayIsRefusedWithItsLine() {
        for value in ["99999999999999999999", "1e308", "86400.001"] {
            XCTAssertThrowsError(try parse(extinf: value)) {
                XCTAssertEqual(String(describing: $0), "index.m3u8 line 4: #EXTINF duration '\(value)' is longer than a day")
            }
        }
    }

    func testAnExtinfOfADayIsTakenAndDatesTheNextSegment() throws {
        guard case .media(let media) = try parse(extinf: "86400") else { return XCTFail("not a media playlist") }
        XCTAssertEqual(media.segments.map(\.extinf), [86_400, 6])
        XCTAssertEqual(media.segments.map(\.programDateTimeMillis), [1_740_859_200_000, 1_740_859_200_000 + 86_400_000])
    }
}
