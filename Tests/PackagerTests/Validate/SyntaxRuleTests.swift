import XCTest
@testable import Packager

final class SyntaxRuleTests: XCTestCase {
    func testMissingEXTM3UHeaderIsAnErrorOnLineOne() throws {
        try assertFindings("broken/playlist-header.m3u8", ["playlist-header@1 error"])
    }

    func testPlaylistMixingVariantsAndSegmentsIsRejected() throws {
        try assertFindings("broken/playlist-kind.m3u8", ["playlist-kind@4 error"])
    }

    func testLowercaseHexIsAGrammarError() throws {
        try assertFindings("broken/attr-grammar-hex.m3u8", ["attr-grammar@5 error"])
    }

    func testWhitespaceBeforeAttributeNameIsAGrammarError() throws {
        try assertFindings("broken/attr-grammar-space.m3u8", ["attr-grammar@5 error"])
    }

    func testRepeatedAttributeInOneTagIsRejected() throws {
        try assertFindings("broken/attr-duplicate.m3u8", ["attr-duplicate@5 error"])
    }

    func testQuotedDurationAndEnumeratedClientAttributeAreTypeErrors() throws {
        try assertFindings("broken/daterange-attr-type.m3u8", ["daterange-attr-type@5 error", "daterange-attr-type@5 error"])
        let findings = try ValidateFixtures.validate("broken/daterange-attr-type.m3u8")
        XCTAssertEqual(findings.first?.breaks, [.hlsJS])
        XCTAssertEqual(findings.last?.message,
                       "X-COM-EXAMPLE-MODE must be a quoted-string, hexadecimal-sequence or signed-decimal-floating-point, found FAST")
    }

    func testFloatSkipOffsetIsAnErrorAndUnknownTimelineStyleAWarning() throws {
        try assertFindings("broken/interstitial-attr-type.m3u8",
                           ["interstitial-attr-type@5 error", "interstitial-attr-type@5 warning"])
    }
}
