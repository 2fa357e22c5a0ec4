import Foundation
import XCTest
@testable import Packager

/// Bad stitched input: each gives one message naming the playlist (and line), a defined
/// outcome (no output at all), and never a crash.
final class StitchedBadInputTests: XCTestCase {
    private var roots: [URL] = []
    private var servers: [StaticHTTPServer] = []

    override func tearDown() {
        servers.forEach { $0.stop() }
        roots.forEach { try? FileManager.default.removeItem(at: $0) }
    }

    let parts: [StitchedMedia.Part] = [.content(2), .ad(2), .content(2)]

    /// A private copy of a made presentation (the tests damage it).
    func copy(_ made: StitchedMedia.Made) throws -> URL {
        let root = try TestMedia.temporaryDirectory()
        roots.append(root)
        let dir = root.appendingPathComponent("in")
        try FileManager.default.copyItem(at: made.directory, to: dir)
        return dir
    }

    /// Runs the conversion, expecting it to fail; returns the message and checks nothing was written.
    func failure(_ input: String, _ configure: (inout VodOptions) -> Void = { _ in },
                         file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let root = try TestMedia.temporaryDirectory()
        roots.append(root)
        var options = VodOptions()
        configure(&options)
        var message = ""
        XCTAssertThrowsError(try VodPipeline.run(input: input, output: root.appendingPathComponent("out"), options: options),
                             file: file, line: line) { message = String(describing: $0) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [], "no output, not even staging",
                       file: file, line: line)
        return message
    }

    private func edit(_ playlist: URL, _ change: (String) -> String) throws {
        try change(try String(contentsOf: playlist, encoding: .utf8)).write(to: playlist, atomically: true, encoding: .utf8)
    }

    func line(of text: String, in playlist: URL) throws -> Int {
        let lines = try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.hasPrefix(text) } ?? -1) + 1
    }

    func testPlaylistThat404sNamesTheURLAndTheStatus() throws {
        let made = try StitchedMedia.make(parts)
        let server = try StaticHTTPServer(serving: made.directory)
        servers.append(server)
        let message = try failure(server.url("r0/missing.m3u8"))
        XCTAssertTrue(message.contains(server.url("r0/missing.m3u8")) && message.contains("404"), message)
    }

    func testVariantThat404sNamesTheMultivariantLine() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        let master = dir.appendingPathComponent("master.m3u8")
        try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000\nr0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=50000\nr9/index.m3u8\n"
            .write(to: master, atomically: true, encoding: .utf8)
        let server = try StaticHTTPServer(serving: dir)
        servers.append(server)
        let message = try failure(server.url("master.m3u8"))
        XCTAssertTrue(message.hasPrefix(server.url("master.m3u8") + " line 5: variant playlist '\(server.url("r9/index.m3u8"))' cannot be read"),
                      message)
        XCTAssertTrue(message.contains("404"), message)
    }

    func testMissingSegmentNamesItsLineAndURI() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("r0/part1/seg000.ts"))
        let playlist = dir.appendingPathComponent("r0/index.m3u8")
        let message = try failure(playlist.path)
        XCTAssertEqual(message, "\(playlist.path) line \(try line(of: "part1/seg000.ts", in: playlist)): segment 'part1/seg000.ts' "
                       + "cannot be read: No such file or directory")
    }

    func testTruncatedSegmentIsRefusedWithBothDurations() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        let segment = dir.appendingPathComponent("r0/part2/seg000.ts")
        let bytes = try Data(contentsOf: segment)
        try bytes.prefix(bytes.count / 3 / 188 * 188).write(to: segment)
        let playlist = dir.appendingPathComponent("r0/index.m3u8")
        let message = try failure(playlist.path)
        XCTAssertTrue(message.hasPrefix("\(playlist.path) line \(try line(of: "part2/seg000.ts", in: playlist)): segment 'part2/seg000.ts' is truncated: its video lasts "),
                      message)
        XCTAssertTrue(message.hasSuffix("but its #EXTINF says 2.000 s"), message)
    }

    func testMalformedCueTagNamesItsLine() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        let playlist = dir.appendingPathComponent("r0/index.m3u8")
        try edit(playlist) { $0.replacingOccurrences(of: "#EXT-X-DISCONTINUITY\n", with: "#EXT-X-DISCONTINUITY\n#EXT-X-CUE-OUT:DURATION=two\n", options: [], range: $0.range(of: "#EXT-X-DISCONTINUITY\n")) }
        let message = try failure(playlist.path)
        XCTAssertEqual(message, "\(playlist.path) line \(try line(of: "#EXT-X-CUE-OUT", in: playlist)): malformed EXT-X-CUE-OUT: DURATION 'two' is not seconds")
    }

    func testDialectsThatContradictNameBothLines() throws {
        var options = StitchedMedia.Options()
        options.tags = .dateRange
        let dir = try copy(try StitchedMedia.make(parts, options))
        let playlist = dir.appendingPathComponent("r0/index.m3u8")
        // A CUE-OUT says the break is 6 s; the DATERANGE's SCTE-35 says 2 s.
        try edit(playlist) { $0.replacingOccurrences(of: "#EXT-X-DATERANGE:", with: "#EXT-X-CUE-OUT:6\n#EXT-X-DATERANGE:") }
        let message = try failure(playlist.path)
        let cueOut = try line(of: "#EXT-X-CUE-OUT", in: playlist), dateRange = try line(of: "#EXT-X-DATERANGE", in: playlist)
        XCTAssertTrue(message.hasPrefix("\(playlist.path) line \(dateRange): #EXT-X-DATERANGE:ID=\"break-1\""), message)
        XCTAssertTrue(message.contains("contradicts line \(cueOut) (#EXT-X-CUE-OUT:6)"), message)
        XCTAssertTrue(message.contains("EXT-X-DATERANGE marks 2.000–4.000 s against EXT-X-CUE-OUT marks 2.000–6.000 s"), message)
    }

    func testRenditionsThatDisagreeNameTheOneThatDiffers() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        let other = try StitchedMedia.make([.content(2), .content(4)])
        try FileManager.default.copyItem(at: other.directory.appendingPathComponent("r0"), to: dir.appendingPathComponent("r1"))
        let master = dir.appendingPathComponent("master.m3u8")
        try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000\nr0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=50000\nr1/index.m3u8\n"
            .write(to: master, atomically: true, encoding: .utf8)
        let message = try failure(master.path, { $0.stitched.allowNoSpans = true })
        XCTAssertTrue(message.hasPrefix("\(master.path): rendition \(dir.path)/r1/index.m3u8 disagrees with the first one"), message)
        XCTAssertTrue(message.contains("it has 0 inserted span(s), the first rendition 1 (the ad at 2.000 s)"), message)
    }

    func testNoSpanFoundIsAnErrorUnlessAllowed() throws {
        let made = try StitchedMedia.make([.content(2), .content(2)])
        let message = try failure(made.playlist.path)
        XCTAssertTrue(message.hasPrefix("\(made.playlist.path): no span found — 2 segments in 2 run(s)"), message)
        XCTAssertTrue(message.hasSuffix("or --allow-no-spans to convert it as one programme"), message)
        let c = try StitchedConversion.run(made.playlist) { $0.stitched.allowNoSpans = true }
        defer { c.cleanUp() }
        XCTAssertEqual(try c.playlist().totalDuration, 4, accuracy: 0.04)
        XCTAssertEqual(try c.playlist().interstitials.count, 0)
    }

    func testNoSpanFoundExitsNonZeroFromTheCommandLine() throws {
        let made = try StitchedMedia.make([.content(2), .content(2)])
        let root = try TestMedia.temporaryDirectory()
        roots.append(root)
        let binary = TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl").path
        let run = try ToolRun.run(binary, ["vod", made.playlist.path, "-o", root.appendingPathComponent("out").path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.hasPrefix("pkgctl vod: \(made.playlist.path): no span found"), run.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        let allowed = try ToolRun.run(binary, ["vod", made.playlist.path, "-o", root.appendingPathComponent("out").path, "--allow-no-spans"])
        XCTAssertEqual(allowed.status, 0, allowed.errors)
    }
}

extension StitchedBadInputTests {
    func testUnreachableKeyNamesTheKeyLine() throws {
        var options = StitchedMedia.Options()
        options.encrypted = true
        let dir = try copy(try StitchedMedia.make(parts, options))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("key.bin"))
        let playlist = dir.appendingPathComponent("r0/index.m3u8")
        let message = try failure(playlist.path)
        XCTAssertEqual(message, "\(playlist.path) line \(try line(of: "#EXT-X-KEY", in: playlist)): the AES-128 key "
                       + "'\(dir.path)/key.bin' cannot be fetched: No such file or directory")
    }
}

extension StitchedBadInputTests {
    func testAudioRenditionWithItsOwnPlaylistIsRefusedNamingItsLine() throws {
        let dir = try copy(try StitchedMedia.make(parts))
        let master = dir.appendingPathComponent("master.m3u8")
        try "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aud\",NAME=\"English\",URI=\"r0/index.m3u8\"\n"
            .appending("#EXT-X-STREAM-INF:BANDWIDTH=100000,AUDIO=\"aud\"\nr0/index.m3u8\n").write(to: master, atomically: true, encoding: .utf8)
        let message = try failure(master.path)
        XCTAssertEqual(message, "\(master.path) line 2: the audio rendition 'English' (GROUP-ID aud) has its own playlist; pkgctl "
                       + "converts video renditions with muxed audio only, so it is refused rather than dropped")
    }
}
