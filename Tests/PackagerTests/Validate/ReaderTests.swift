import XCTest
@testable import Packager

final class ReaderTests: XCTestCase {
    func testAttributeTypesAreDetectedFromTheBytes() {
        let list = AttributeListParser.parse(#"A=12,B=0x1F,C=6.5,D=-2.25,E="x,y",F=YES"#[...])
        XCTAssertEqual(list.attributes.map(\.type),
                       [.decimalInteger, .hexadecimalSequence, .decimalFloat, .signedDecimalFloat, .quotedString, .enumeratedString])
        XCTAssertEqual(list["E"]?.value, "x,y")
        XCTAssertEqual(list["E"]?.raw, #""x,y""#)
        XCTAssertEqual(list.grammarIssues, [])
    }

    func testQuoteInsideQuotedStringAndUnterminatedQuoteAreGrammarIssues() {
        XCTAssertEqual(AttributeListParser.parse(#"ID="a"b",X="c"#[...]).grammarIssues, [
            #"quoted value of ID is followed by 'b"' (a '"' inside a quoted-string, or text after it)"#,
            "quoted value of X is not terminated",
        ])
    }

    func testLowercaseAttributeNameIsAGrammarIssueAndDuplicateIsKeptOnce() {
        let list = AttributeListParser.parse("id=1,ID=2,ID=3"[...])
        XCTAssertEqual(list.grammarIssues, ["attribute name 'id' has characters outside [A-Z0-9-]"])
        XCTAssertEqual(list.duplicateNames, ["ID"])
        XCTAssertEqual(list["ID"]?.raw, "2")
    }

    func testTimestampParsesZoneStylesToTheSameInstant() throws {
        let zulu = try XCTUnwrap(Timestamp.parse("2026-01-01T06:00:00.000Z"))
        let offset = try XCTUnwrap(Timestamp.parse("2026-01-01T00:00:00.000-06:00"))
        let hoursOnly = try XCTUnwrap(Timestamp.parse("2026-01-01T00:00:00.000-06"))
        XCTAssertEqual(zulu.nanoseconds, 1_767_247_200_000_000_000)
        XCTAssertEqual(offset.nanoseconds, zulu.nanoseconds)
        XCTAssertEqual(hoursOnly.nanoseconds, zulu.nanoseconds)
        XCTAssertEqual(hoursOnly.zone, .hoursOnlyOffset)
        XCTAssertNil(Timestamp.parse("2026-02-30T00:00:00Z"))
        XCTAssertNil(Timestamp.parse("2026-01-01 00:00:00Z"))
    }

    func testDecimalSecondsAreExactNanoseconds() {
        XCTAssertEqual(DecimalSeconds.nanoseconds("6.006"), 6_006_000_000)
        XCTAssertEqual(DecimalSeconds.nanoseconds("-0.5"), -500_000_000)
        XCTAssertNil(DecimalSeconds.nanoseconds("1e3"))
        XCTAssertEqual(DecimalSeconds.roundedSeconds(6_500_000_000), 7)
        XCTAssertEqual(DecimalSeconds.roundedSeconds(6_499_999_999), 6)
    }

    func testReaderCollectsSegmentsWithTheirTags() {
        let text = "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXT-X-DISCONTINUITY\n#EXT-X-GAP\n#EXTINF:5.5,title\na.m4s\n# comment\n#EXTINF:6,\nb.m4s\n"
        let playlist = PlaylistReader.read(Array(text.utf8), file: "p.m3u8")
        XCTAssertEqual(playlist.segments.map(\.uri), ["a.m4s", "b.m4s"])
        XCTAssertEqual(playlist.segments.map(\.durationNanos), [5_500_000_000, 6_000_000_000])
        XCTAssertEqual(playlist.segments.map(\.discontinuity), [true, false])
        XCTAssertEqual(playlist.segments.map(\.gap), [true, false])
        XCTAssertEqual(playlist.segments.map(\.mapURI), ["init.mp4", "init.mp4"])
        XCTAssertEqual(playlist.segments.map(\.extinfLine), [6, 9])
        XCTAssertTrue(playlist.textIssues.isEmpty)
    }

    func testSegmentDatesExtrapolateBackwardAndForwardFromProgramDateTime() throws {
        let text = "#EXTM3U\n#EXTINF:4,\na.ts\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:10.000Z\n#EXTINF:4,\nb.ts\n#EXTINF:4,\nc.ts\n"
        let dates = PlaylistReader.read(Array(text.utf8), file: "p").segmentDates()
        let base = try XCTUnwrap(Timestamp.parse("2026-01-01T00:00:10.000Z")).nanoseconds
        XCTAssertEqual(dates.map { $0.map { $0.nanoseconds - base } }, [-4_000_000_000, 0, 4_000_000_000])
    }

    func testRelativeURIsResolveAgainstTheReferringFileAndMapsAgainstTheirDirectory() {
        let resolver = URIResolver(maps: [URLMapping(prefix: "https://ads.example.com/", directory: "/srv/ads")])
        XCTAssertEqual(resolver.localPath(for: "../b/c.m3u8?x=1", relativeTo: "out/a/master.m3u8"), "out/b/c.m3u8")
        XCTAssertEqual(resolver.localPath(for: "https://ads.example.com/x/y.json", relativeTo: "p.m3u8"), "/srv/ads/x/y.json")
        XCTAssertNil(resolver.localPath(for: "https://cdn.example.com/y.m3u8", relativeTo: "p.m3u8"))
    }

    func testDateRangeWithoutAttributeListIsStillReportedWithoutID() {
        let playlist = PlaylistReader.read(Array("#EXTM3U\n#EXT-X-DATERANGE\n".utf8), file: "p")
        XCTAssertEqual(DateRangeIDRule().check(playlist).map(\.line), [2])
    }
}
