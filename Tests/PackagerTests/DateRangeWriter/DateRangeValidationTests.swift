import Foundation
import XCTest
@testable import DateRangeWriter

/// Every illegal combination is refused with the error that names it.
final class DateRangeValidationTests: XCTestCase {
    private typealias F = DateRangeFixtures

    private func assertRejected(_ range: DateRange, _ expected: DateRangeError, line: UInt = #line) {
        XCTAssertThrowsError(try range.attributes(), line: line) { error in
            XCTAssertEqual(error as? DateRangeError, expected, line: line)
        }
    }

    func testBothAssetReferencesAreRejected() {
        let range = DateRange.interstitial(id: "a", startDate: F.date(), InterstitialAttributes(
            assetURI: "https://cdn.example.com/a.m3u8", assetList: "https://ads.example.com/list.json"))
        assertRejected(range, .assetReferenceCount(id: "a", found: 2))
    }

    func testNeitherAssetReferenceIsRejected() {
        assertRejected(.interstitial(id: "a", startDate: F.date(), InterstitialAttributes()), .assetReferenceCount(id: "a", found: 0))
        assertRejected(DateRange(id: "a", classValue: DateRange.interstitialClass, startDate: F.date()),
                       .assetReferenceCount(id: "a", found: 0))
    }

    func testInterstitialAttributesWithoutInterstitialClassAreRejected() {
        var range = F.interstitial(id: "a")
        range.classValue = nil
        assertRejected(range, .interstitialClassMismatch(id: "a", classValue: nil))
        range.classValue = "com.example.other"
        assertRejected(range, .interstitialClassMismatch(id: "a", classValue: "com.example.other"))
    }

    func testPreWithPostIsRejected() {
        var range = F.interstitial(id: "a")
        range.cue = [.pre, .post]
        assertRejected(range, .cueHasPreAndPost(id: "a"))
    }

    func testEndOnNextWithDurationOrEndDateOrWithoutClassIsRejected() {
        var range = DateRange(id: "c", classValue: "com.example.chapter", startDate: F.date(), endOnNext: true)
        XCTAssertEqual(try range.tag(), "#EXT-X-DATERANGE:ID=\"c\",CLASS=\"com.example.chapter\",START-DATE=\"\(F.startText)\",END-ON-NEXT=YES")
        range.duration = HLSDecimal(seconds: 5)
        assertRejected(range, .endOnNextWithEnd(id: "c", attribute: "DURATION"))
        range.duration = nil
        range.endDate = F.date(offsetMilliseconds: 5_000)
        assertRejected(range, .endOnNextWithEnd(id: "c", attribute: "END-DATE"))
        range.endDate = nil
        range.classValue = nil
        assertRejected(range, .endOnNextWithoutClass(id: "c"))
    }

    func testRelativeAssetURIIsRejectedButRelativeAssetListIsAllowed() throws {
        assertRejected(F.interstitial(id: "a", assetURI: "spans/a/index.m3u8"), .relativeAssetURI(id: "a", uri: "spans/a/index.m3u8"))
        assertRejected(F.interstitial(id: "a", assetURI: "//cdn.example.com/a.m3u8"),
                       .relativeAssetURI(id: "a", uri: "//cdn.example.com/a.m3u8"))
        let list = DateRange.interstitial(id: "a", startDate: F.date(), InterstitialAttributes(assetList: "lists/a.json"))
        XCTAssertEqual(try list.attributes().last, RenderedAttribute(name: "X-ASSET-LIST", value: "\"lists/a.json?_HLS_interstitial_id=a\""))
    }

    func testQuotesLineBreaksAndControlCharactersInStringsAreRejected() {
        assertRejected(F.interstitial(id: "ad\"1"), .invalidQuotedString(attribute: "ID", value: "ad\"1", reason: "contains a double quote"))
        var range = F.interstitial(id: "a")
        range.classValue = "com.apple.hls.interstitial\n"
        assertRejected(range, .invalidQuotedString(attribute: "CLASS", value: "com.apple.hls.interstitial\n", reason: "contains a line break"))
        range = F.interstitial(id: "a")
        range.clientAttributes = [ClientAttribute(name: "X-COM-EXAMPLE-NOTE", value: .string("a\tb"))]
        assertRejected(range, .invalidQuotedString(attribute: "X-COM-EXAMPLE-NOTE", value: "a\tb", reason: "contains a control character"))
        assertRejected(F.interstitial(id: ""), .emptyID)
        assertRejected(F.interstitial(id: "a", assetURI: "https://cdn.example.com/a b.m3u8"),
                       .invalidURI(id: "a", uri: "https://cdn.example.com/a b.m3u8",
                                   reason: "contains whitespace, a control character or a quote"))
    }

    func testLowercaseAndMalformedHexAreRejected() throws {
        XCTAssertThrowsError(try HexSequence("0xfc30")) { XCTAssertEqual($0 as? DateRangeError, .lowercaseHex("0xfc30")) }
        XCTAssertThrowsError(try HexSequence("FC30")) { XCTAssertEqual($0 as? DateRangeError, .invalidHex("FC30")) }
        XCTAssertThrowsError(try HexSequence("0x")) { XCTAssertEqual($0 as? DateRangeError, .invalidHex("0x")) }
        XCTAssertThrowsError(try HexSequence("0xFG")) { XCTAssertEqual($0 as? DateRangeError, .invalidHex("0xFG")) }
        XCTAssertEqual(try HexSequence("0XFC30").text, "0xFC30")
        XCTAssertEqual(HexSequence(bytes: [0xfc, 0x0a]).text, "0xFC0A")
    }

    func testNegativeDurationsAreRejectedButNegativeResumeOffsetIsSigned() throws {
        var range = F.interstitial(id: "a")
        range.duration = HLSDecimal(milliseconds: -1_000)
        assertRejected(range, .negativeValue(id: "a", attribute: "DURATION", milliseconds: -1_000))
        range.duration = nil
        range.plannedDuration = HLSDecimal(milliseconds: -1)
        assertRejected(range, .negativeValue(id: "a", attribute: "PLANNED-DURATION", milliseconds: -1))
        range.plannedDuration = nil
        range.interstitial?.playoutLimit = HLSDecimal(milliseconds: -5)
        assertRejected(range, .negativeValue(id: "a", attribute: "X-PLAYOUT-LIMIT", milliseconds: -5))
        range.interstitial?.playoutLimit = nil
        range.interstitial?.resumeOffset = HLSDecimal(milliseconds: -2_500)
        XCTAssertTrue(try range.tag().hasSuffix(",X-RESUME-OFFSET=-2.5"))
    }

    func testEndDateMustEqualStartPlusDuration() throws {
        var range = F.interstitial(id: "a")
        range.duration = HLSDecimal(seconds: 30)
        range.endDate = F.date(offsetMilliseconds: 30_001)
        assertRejected(range, .endDateMismatch(id: "a", start: F.startText, duration: "30", end: "2026-11-29T16:00:30.001Z"))
        range.endDate = F.date(offsetMilliseconds: 30_000)
        XCTAssertNoThrow(try range.attributes())
        range.duration = nil
        range.endDate = F.date(offsetMilliseconds: -1)
        assertRejected(range, .endBeforeStart(id: "a", start: F.startText, end: "2026-11-29T15:59:59.999Z"))
    }

    func testClientAttributeNamesAreCheckedAndMayNotShadowDefinedOnes() {
        var range = F.interstitial(id: "a")
        range.clientAttributes = [ClientAttribute(name: "X-com-example", value: .decimal(.zero))]
        assertRejected(range, .invalidAttributeName("X-com-example"))
        range.clientAttributes = [ClientAttribute(name: "X-ASSET-URI", value: .string("https://x.example/a.m3u8"))]
        assertRejected(range, .reservedAttributeName(id: "a", name: "X-ASSET-URI"))
        range.clientAttributes = [ClientAttribute(name: "X-COM-EXAMPLE-A", value: .decimal(.zero)),
                                  ClientAttribute(name: "X-COM-EXAMPLE-A", value: .decimal(.zero))]
        assertRejected(range, .duplicateAttribute(id: "a", name: "X-COM-EXAMPLE-A"))
    }

    func testSkipLabelAndReservedQueryParametersAreChecked() {
        var range = F.interstitial(id: "a")
        range.interstitial?.skipControlLabelID = "skip ad"
        assertRejected(range, .invalidSkipLabel(id: "a", label: "skip ad"))
        assertRejected(F.interstitial(id: "a", assetURI: "https://cdn.example.com/a.m3u8?x=1&_HLS_primary_id=9"),
                       .reservedQueryParameter(id: "a", uri: "https://cdn.example.com/a.m3u8?x=1&_HLS_primary_id=9"))
    }

    func testClientAttributesRenderEachValueTypeSortedByName() throws {
        var range = F.interstitial(id: "a")
        range.clientAttributes = [
            ClientAttribute(name: "X-COM-EXAMPLE-B", value: .hex(HexSequence(bytes: [0xAB]))),
            ClientAttribute(name: "X-COM-EXAMPLE-A", value: .string("beacon")),
            ClientAttribute(name: "X-COM-EXAMPLE-C", value: .decimal(HLSDecimal(milliseconds: -250))),
        ]
        XCTAssertEqual(try range.tag(),
                       "#EXT-X-DATERANGE:ID=\"a\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(F.startText)\","
                       + "X-ASSET-URI=\"https://cdn.example.com/a/index.m3u8?_HLS_interstitial_id=a\","
                       + "X-COM-EXAMPLE-A=\"beacon\",X-COM-EXAMPLE-B=0xAB,X-COM-EXAMPLE-C=-0.25")
    }

    func testInterstitialIDIsAddedAsQueryParameterWithTheRightSeparatorAndEncoding() {
        XCTAssertEqual(AssetURI.addingInterstitialID("https://a.example/x.m3u8", id: "ad/1 2"),
                       "https://a.example/x.m3u8?_HLS_interstitial_id=ad%2F1%202")
        XCTAssertEqual(AssetURI.addingInterstitialID("https://a.example/x.m3u8?t=1", id: "a"),
                       "https://a.example/x.m3u8?t=1&_HLS_interstitial_id=a")
        XCTAssertEqual(AssetURI.addingInterstitialID("https://a.example/x.m3u8?", id: "a"),
                       "https://a.example/x.m3u8?_HLS_interstitial_id=a")
        XCTAssertEqual(AssetURI.addingInterstitialID("https://a.example/x.m3u8?t=1&", id: "a"),
                       "https://a.example/x.m3u8?t=1&_HLS_interstitial_id=a")
        XCTAssertEqual(AssetURI.addingInterstitialID("https://a.example/x.m3u8#frag", id: "é"),
                       "https://a.example/x.m3u8?_HLS_interstitial_id=%C3%A9#frag")
    }

    func testIDMakerNeverRepeatsAnIDForAReusedEventID() throws {
        var maker = InterstitialIDMaker()
        XCTAssertEqual(maker.next(kind: .ad, eventID: 1001), "ad-1001-1")
        XCTAssertEqual(maker.next(kind: .ad, eventID: 1001), "ad-1001-2")
        XCTAssertEqual(maker.next(kind: .recap, eventID: 1001), "recap-1001-1")
        let restored = try JSONDecoder().decode(InterstitialIDMaker.self, from: JSONEncoder().encode(maker))
        var copy = restored
        XCTAssertEqual(copy.next(kind: .ad, eventID: 1001), "ad-1001-3")
        XCTAssertEqual(InterstitialIDMaker.dated(kind: .ad, eventID: 7, start: F.date()), "ad-7-1795968000000")
    }
}
