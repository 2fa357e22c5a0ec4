import XCTest

/// The built `pkgctl validate` binary: exit codes, --strict, --media, --profile and
/// --watch's JSON lines.
final class ValidateCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func pkgctl(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testWarningsPassUnlessStrict() throws {
        let path = try write("p.m3u8", "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\ns.ts\n#EXT-X-ENDLIST\n")
        let relaxed = try pkgctl(["validate", path, "--media=off"])
        XCTAssertEqual(relaxed.status, 0)
        XCTAssertTrue(relaxed.out.contains("warning [version] EXT-X-VERSION is 7 but the playlist only needs 3"), relaxed.out)
        XCTAssertEqual(try pkgctl(["validate", path, "--media=off", "--strict"]).status, 1)
    }

    func testMediaChecksAreOnForLocalFilesUnlessTurnedOff() throws {
        let path = try write("p.m3u8", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nmissing.ts\n#EXT-X-ENDLIST\n")
        let on = try pkgctl(["validate", path, "--format", "json"])
        XCTAssertEqual(on.status, 1)
        XCTAssertTrue(on.out.contains(#""rule":"media-missing""#), on.out)
        XCTAssertEqual(try pkgctl(["validate", path, "--media=off"]).status, 0)
    }

    func testUnknownProfileIsAUsageError() throws {
        let result = try pkgctl(["validate", "x.m3u8", "--profile", "vlc"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("option '--profile': 'vlc' is not one of all, hlsjs, avfoundation, shaka, media3, bitmovin, apple-podcasts"), result.err)
    }

    func testWatchPrintsEachFindingOnceAsAJSONLineAndFailsAtTheEnd() throws {
        var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z\n"
        for i in 0..<4 { text += "#EXTINF:\(i == 2 ? "2.000" : "1.000"),\ns\(i).ts\n" }
        let path = try write("live.m3u8", text)
        let result = try pkgctl(["validate", "--watch", path, "--duration", "1.2", "--media=off", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.out)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        XCTAssertEqual(object["rule"] as? String, "target-duration")
        XCTAssertEqual(object["line"] as? Int, 9)
    }
}
