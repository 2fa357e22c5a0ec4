import XCTest
@testable import Packager

/// One broken and one fixed playlist per rule added for issue 12 (Fixtures/playlists/rules/
/// RULE/{broken,fixed}.m3u8): the broken one gives exactly the findings listed, the fixed
/// one none at all — which for the version cases also proves the "only needs N" advice no
/// longer asks for a version the rule would reject.
final class RuleCorpusTests: XCTestCase {
    private let expected: [(directory: String, findings: [String])] = [
        ("tag-repeated", ["tag-repeated@6 error", "tag-repeated@9 error", "tag-repeated@11 error"]),
        ("playlist-kind", ["playlist-kind@4 error"]),
        ("line-whitespace", ["line-whitespace@5 error", "line-whitespace@8 error"]),
        ("playlist-type", ["playlist-type@4 error"]),
        ("start-time-offset", ["start-time-offset@4 error", "start-time-offset@4 error"]),
        ("server-control", ["server-control@4 error"]),
        ("part-inf", ["part-inf@12 error"]),
        ("part-hold-back", ["part-hold-back@5 error"]),
        ("skip", ["skip@8 error", "skip@8 error", "skip@8 error"]),
        ("version-instream-service", ["version@2 error"]),
        ("version-skip-dateranges", ["version@2 error"]),
        ("version-whitespace", ["version@2 error"]),
    ]

    func testEveryBrokenPlaylistGivesItsFindingsAndEveryFixedOneNone() throws {
        for (directory, findings) in expected {
            try assertFindings("rules/\(directory)/broken.m3u8", findings)
            try assertFindings("rules/\(directory)/fixed.m3u8", [])
        }
    }

    func testEveryRuleDirectoryIsInTheTable() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: ValidateFixtures.path("rules")).sorted()
        XCTAssertEqual(directories, expected.map(\.directory).sorted())
    }

    private func messages(_ relative: String) throws -> [String] {
        try ValidateFixtures.validate(relative).map(\.message)
    }

    func testMessagesSayWhatIsWrong() throws {
        XCTAssertEqual(try messages("rules/version-whitespace/broken.m3u8"),
                       ["EXT-X-VERSION: 3 has whitespace around the value 3; HLS §4.1 allows none there"])
        XCTAssertEqual(try messages("rules/line-whitespace/broken.m3u8"), [
            "line holds only whitespace (4 character(s)); a line is a URI, a tag, a comment or blank",
            "URI line has leading or trailing whitespace",
        ])
        XCTAssertEqual(try messages("rules/version-skip-dateranges/broken.m3u8"),
                       ["EXT-X-VERSION is 9 but EXT-X-SKIP that replaces EXT-X-DATERANGE tags (RECENTLY-REMOVED-DATERANGES) (line 6) needs 10"])
        XCTAssertEqual(try messages("rules/version-instream-service/broken.m3u8"),
                       [#"EXT-X-VERSION is 6 but INSTREAM-ID="SERVICEn" of EXT-X-MEDIA (line 3) needs 7"#])
        XCTAssertEqual(try messages("rules/tag-repeated/broken.m3u8").first,
                       "EXT-X-START appears again (first on line 5); clients MUST fail to parse the playlist (§4.4.2.2)")
        XCTAssertEqual(try messages("rules/skip/broken.m3u8"), [
            "SKIPPED-SEGMENTS=-3 is not a decimal-integer",
            "EXT-X-SKIP comes after the first segment (line 6); it stands for the oldest ones",
            "the 28.000 s left after the skip exceed the Skip Boundary CAN-SKIP-UNTIL=24.0; older segments are to be skipped",
        ])
    }

    func testALineOfSpacesIsNotTakenForASegment() throws {
        let playlist = PlaylistReader.read(Array("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n   \nseg0.ts\n".utf8), file: "p")
        XCTAssertEqual(playlist.segments.map(\.uri), ["seg0.ts"])
    }

    func testMissingPartHoldBackAndSkipDateRangesWithoutSkipUntilAreErrors() {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PART-INF:PART-TARGET=1.0\n#EXT-X-SERVER-CONTROL:CAN-SKIP-DATERANGES=YES\n#EXTINF:4.0,\ns.ts\n"
        let playlist = PlaylistReader.read(Array(text.utf8), file: "p")
        let findings = (PartHoldBackRule().check(playlist) + ServerControlRule().check(playlist)).map(\.message)
        XCTAssertEqual(findings, [
            "playlist has EXT-X-PART-INF but EXT-X-SERVER-CONTROL has no PART-HOLD-BACK, which is REQUIRED then",
            "CAN-SKIP-DATERANGES needs CAN-SKIP-UNTIL in the same tag",
        ])
    }
}
