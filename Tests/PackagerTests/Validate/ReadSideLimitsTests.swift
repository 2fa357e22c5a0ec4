import XCTest
@testable import Packager

/// Hostile inputs (issue 15): size and line caps with a clear message, findings capped per
/// rule, control characters escaped, reference cycles found, every finding traced back to
/// the file given.
final class ReadSideLimitsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func validate(_ path: String, _ limits: ReadLimits = ReadLimits()) throws -> [Finding] {
        try PlaylistValidator.validate(input: path, options: ValidateOptions(limits: limits))
    }

    func testPlaylistAboveTheSizeLimitIsRefusedWithTheSizes() throws {
        let path = try write("big.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + String(repeating: "#EXTINF:6.0,\ns.ts\n", count: 100))
        XCTAssertThrowsError(try validate(path, ReadLimits(maxPlaylistBytes: 1000))) { error in
            XCTAssertEqual(error as? ValidateError, .tooLarge(path: path, bytes: 1832, limit: 1000))
            XCTAssertEqual("\(error)", "\(path) is 1832 bytes, above the 1000-byte limit for a playlist (raise it with --max-playlist-bytes)")
        }
    }

    func testOverlongLineIsOneFindingAndIsNotParsed() throws {
        let path = try write("long.m3u8", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n"
                             + String(repeating: "a", count: 500) + "\n#EXTINF:6.0,\nb.ts\n#EXT-X-ENDLIST\n")
        let findings = try validate(path, ReadLimits(maxLineBytes: 100))
        XCTAssertEqual(findings.map { "\($0.rule.rawValue)@\($0.line)" }, ["line-length@5"])
        XCTAssertEqual(findings.first?.message, "line is 500 bytes, above the 100-byte limit (--max-line-bytes); it was not read")
    }

    func testFindingsOfOneRuleAreCappedWithACountOfTheRest() throws {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n# fifty segments whose EXTINF is unreadable\n"
        for i in 0..<50 { text += "#EXTINF:abc,\ns\(i).ts\n" }
        let findings = try validate(try write("many.m3u8", text + "#EXT-X-ENDLIST\n"), ReadLimits(maxFindingsPerRule: 3))
        XCTAssertEqual(findings.map { "\($0.rule.rawValue)@\($0.line)" },
                       ["segment-extinf@4", "segment-extinf@6", "segment-extinf@8", "segment-extinf@0"])
        XCTAssertEqual(findings.last?.message, "… and 47 more [segment-extinf] finding(s) in this file")
    }

    func testMasterWhoseOnlyVariantIsItselfDoesNotPass() throws {
        let path = try write("self.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nself.m3u8\n")
        let findings = try validate(path)
        XCTAssertEqual(findings.map { "\($0.rule.rawValue)@\($0.line) \($0.severity.rawValue)" }, ["reference-cycle@3 error"])
        XCTAssertEqual(findings.first?.message, "self.m3u8 is this playlist itself; a variant or rendition must be a media playlist")
    }

    func testTwoMastersNamingEachOtherAreACycleAndAVariantThatIsAMasterIsTheWrongKind() throws {
        _ = try write("a.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nb.m3u8\n")
        _ = try write("b.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\na.m3u8\n")
        let findings = try validate(directory.appendingPathComponent("a.m3u8").path)
        XCTAssertEqual(findings.map { "\(($0.file as NSString).lastPathComponent):\($0.line) \($0.rule.rawValue)" },
                       ["b.m3u8:3 reference-cycle", "a.m3u8:3 reference-kind"])
    }

    func testFindingInAReferencedFileNamesTheFileGiven() throws {
        let master = try write("master.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n")
        _ = try write("v.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\ns.ts\n#EXT-X-ENDLIST\n#EXT-X-ENDLIST\n")
        let findings = try validate(master)
        XCTAssertEqual(findings.map(\.rule), [.tagRepeated])
        XCTAssertEqual(findings.first?.referencedFrom, "\(master):3")
        XCTAssertTrue(FindingFormatter.text(try XCTUnwrap(findings.first)).hasSuffix("(HLS §4.4.1.2, §4.4.2, §4.4.3, §4.4.5.2; referenced from \(master):3)"))
    }

    func testControlCharactersFromThePlaylistNeverReachTheOutputRaw() throws {
        let path = try write("ctl.m3u8", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg\u{1B}[2J.ts\n#EXT-X-ENDLIST\n")
        let findings = try validate(path)
        let text = FindingFormatter.render(findings, as: .text) + FindingFormatter.render(findings, as: .json)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B })
        XCTAssertEqual(findings.map(\.rule), [.playlistHeader])
    }

    func testA140MegabytePlaylistIsRefusedAtOnce() throws {
        // Sparse file: its size is what a hostile origin would serve, read costs nothing.
        let url = directory.appendingPathComponent("huge.m3u8")
        FileManager.default.createFile(atPath: url.path, contents: Data("#EXTM3U\n".utf8))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 140 * 1024 * 1024)
        try handle.close()
        let started = Date()
        XCTAssertThrowsError(try validate(url.path)) { error in
            XCTAssertEqual(error as? ValidateError, .tooLarge(path: url.path, bytes: 146_800_640, limit: ReadLimits.defaultPlaylistBytes))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused before reading")
    }
}
