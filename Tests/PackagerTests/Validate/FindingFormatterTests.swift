import XCTest
@testable import Packager

final class FindingFormatterTests: XCTestCase {
    private let finding = Finding(file: "out/index.m3u8", line: 12, rule: .daterangeSameID, severity: .error,
                                  message: "\"ad1\": DURATION=30.000 differs from 30 on line 9", breaks: [.hlsJS, .media3])

    func testTextLineNamesFileLineSeverityRuleSourceAndPlayers() {
        XCTAssertEqual(FindingFormatter.text(finding),
                       "out/index.m3u8:12: error [daterange-same-id] \"ad1\": DURATION=30.000 differs from 30 on line 9 (HLS §4.4.5.1; breaks: hls.js, Media3)")
    }

    func testWholeFileFindingOmitsLineAndEmptyBreaks() {
        let whole = Finding(file: "a.json", line: 0, rule: .assetListJSON, severity: .warning, message: "m")
        XCTAssertEqual(FindingFormatter.text(whole), "a.json: warning [asset-list-json] m (HLS D.3)")
    }

    func testFindingInAReferencedFileNamesWhereItWasReferencedFrom() {
        let referenced = finding.referenced(from: "out/master.m3u8:3")
        XCTAssertEqual(FindingFormatter.text(referenced),
                       "out/index.m3u8:12: error [daterange-same-id] \"ad1\": DURATION=30.000 differs from 30 on line 9 (HLS §4.4.5.1; breaks: hls.js, Media3; referenced from out/master.m3u8:3)")
        XCTAssertEqual(referenced.referenced(from: "elsewhere").referencedFrom, "out/master.m3u8:3", "the first referrer stays")
    }

    func testJSONIsOneObjectPerFinding() {
        XCTAssertEqual(FindingFormatter.json(finding),
                       #"{"breaks":["hls.js","Media3"],"file":"out/index.m3u8","line":12,"message":"\"ad1\": DURATION=30.000 differs from 30 on line 9","rule":"daterange-same-id","severity":"error","source":"HLS §4.4.5.1"}"#)
    }

    func testTextListsErrorsBeforeWarnings() {
        let warning = Finding(file: "a.m3u8", line: 1, rule: .dateFormat, severity: .warning, message: "w")
        let error = Finding(file: "a.m3u8", line: 9, rule: .dateFormat, severity: .error, message: "e")
        XCTAssertEqual(FindingFormatter.render([warning, error], as: .text).split(separator: "\n").map { String($0.prefix(16)) },
                       ["a.m3u8:9: error ", "a.m3u8:1: warnin"])
    }

    func testControlCharactersAreEscapedInTextAndJSON() {
        let hostile = Finding(file: "x\u{1B}[31m.m3u8", line: 2, rule: .lineWhitespace, severity: .error,
                              message: "segment \u{9B}2J\u{07}")
        XCTAssertEqual(FindingFormatter.text(hostile), #"x\x1B[31m.m3u8:2: error [line-whitespace] segment \x9B2J\x07 (HLS §4.1)"#)
        let json = FindingFormatter.json(hostile)
        XCTAssertFalse(json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertTrue(json.contains(#""message":"segment \u009B2J\u0007""#))
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
