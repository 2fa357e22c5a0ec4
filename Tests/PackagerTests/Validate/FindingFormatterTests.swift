import XCTest
@testable import Packager

final class FindingFormatterTests: XCTestCase {
    private let finding = Finding(file: "out/index.m3u8", line: 12, rule: .daterangeSameID, severity: .error,
                                  message: "\"ad1\": DURATION=30.000 differs from 30 on line 9", breaks: [.hlsJS, .media3])

    func testTextLineNamesFileLineSeverityRuleAndPlayers() {
        XCTAssertEqual(FindingFormatter.text(finding),
                       "out/index.m3u8:12: error [daterange-same-id] \"ad1\": DURATION=30.000 differs from 30 on line 9 (breaks: hls.js, Media3)")
    }

    func testWholeFileFindingOmitsLineAndEmptyBreaks() {
        let whole = Finding(file: "a.json", line: 0, rule: .assetListJSON, severity: .warning, message: "m")
        XCTAssertEqual(FindingFormatter.text(whole), "a.json: warning [asset-list-json] m")
    }

    func testJSONIsOneObjectPerFinding() {
        XCTAssertEqual(FindingFormatter.json(finding),
                       #"{"breaks":["hls.js","Media3"],"file":"out/index.m3u8","line":12,"message":"\"ad1\": DURATION=30.000 differs from 30 on line 9","rule":"daterange-same-id","severity":"error"}"#)
    }

    func testUnreadablePlaylistThrowsErrorNamingTheFile() {
        XCTAssertThrowsError(try PlaylistValidator.validate(path: "/nonexistent/x.m3u8")) { error in
            XCTAssertEqual("\(error)", "cannot read /nonexistent/x.m3u8: no such file")
        }
    }

    func testMapWithoutEqualsIsAUsageError() {
        XCTAssertThrowsError(try URLMapping.parse("https://ads.example.com/")) { error in
            XCTAssertEqual(error as? ValidateError, .badMapping("https://ads.example.com/"))
        }
        XCTAssertEqual(try URLMapping.parse("https://a.example/=d"), URLMapping(prefix: "https://a.example/", directory: "d"))
    }
}
