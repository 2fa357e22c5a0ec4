import Foundation
import XCTest

/// `pkgctl live --log-format text|json`, `--quiet` and NO_COLOR, on real runs of the binary.
final class CLILogFormatTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func live(_ extra: [String], output: String) throws -> PkgctlBinary.Run {
        try PkgctlBinary.run(["live", "-i", TestMedia.liveTS.path, "-o", directory.appendingPathComponent(output).path, "--event"] + extra)
    }

    func testTextLogCarriesTheSameFieldsAsTheJSONLogInTheSameOrder() throws {
        let json = try live([], output: "json")
        let text = try live(["--log-format", "text"], output: "text")
        XCTAssertEqual(json.status, 0, json.err)
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(json.err.contains(#""level":"info","event":"segment","name":"primary/seg_00001.ts","duration":6.0,"bytes":170892,"pdt":""#), json.err)
        XCTAssertTrue(text.err.contains(" INFO  segment name=primary/seg_00001.ts duration=6.0 bytes=170892 pdt="), text.err)
        XCTAssertTrue(json.err.contains(##""event":"span","action":"announce","id":"recap-2001-1-scte35","kind":"recap","tag":"#EXT-X-DATERANGE:ID=\"recap-2001-1-scte35\",START-DATE="##), json.err)
        XCTAssertTrue(text.err.contains(##" INFO  span action=announce id=recap-2001-1-scte35 kind=recap tag="#EXT-X-DATERANGE:ID=\"recap-2001-1-scte35\",START-DATE="##), text.err)
        let jsonLines = json.err.split(separator: "\n"), textLines = text.err.split(separator: "\n")
        XCTAssertTrue(jsonLines.allSatisfy { $0.hasPrefix(#"{"ts":""#) && $0.hasSuffix("}") }, json.err)
        let shape = try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO |WARN |ERROR) [a-z_]+( |$)"#)
        XCTAssertTrue(textLines.allSatisfy { line in
            shape.firstMatch(in: String(line), range: NSRange(line.startIndex..., in: line)) != nil
        }, text.err)
        func events(_ lines: [Substring], _ pattern: String) throws -> [String] {
            let regex = try NSRegularExpression(pattern: pattern)
            return lines.compactMap { line in
                let s = String(line)
                return regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)).flatMap { Range($0.range(at: 1), in: s) }.map { String(s[$0]) }
            }
        }
        XCTAssertEqual(Set(try events(textLines, #"^\S+ \S+ +(\S+)"#)), Set(try events(jsonLines, #""event":"([a-z_]+)""#)))
    }

    /// An input that cannot be opened: two retry warnings, the give-up error, an info line
    /// about the shutdown, and exit 1.
    private func lostInput(_ extra: [String], environment: [String: String] = [:]) throws -> PkgctlBinary.Run {
        try PkgctlBinary.runOnTerminal(["live", "-i", directory.appendingPathComponent("missing.ts").path,
                                        "-o", directory.appendingPathComponent("out").path, "--input-timeout", "1",
                                        "--log-format", "text"] + extra, environment: environment)
    }

    func testTextLevelsAreColouredOnATerminalUnlessNoColorIsSet() throws {
        let coloured = try lostInput([], environment: ["NO_COLOR": ""])
        XCTAssertTrue(coloured.out.contains("Z \u{1B}[33mWARN \u{1B}[0m input action=retry attempt=1 "), coloured.out)
        XCTAssertTrue(coloured.out.contains("Z \u{1B}[31mERROR\u{1B}[0m input action=give_up attempts=3 "), coloured.out)
        XCTAssertTrue(coloured.out.contains("Z INFO  shutdown outcome=\"input lost\""), coloured.out)
        let plain = try lostInput(["--quiet"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertFalse(plain.out.contains("\u{1B}"), plain.out)
        let lines = plain.out.split(separator: "\r\n").map(String.init)
        XCTAssertEqual(lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }, ["WARN", "WARN", "ERROR", "live:"], plain.out)
        XCTAssertTrue(lines.last?.hasPrefix("pkgctl live: input '") == true, plain.out)
    }

    func testQuietDropsInfoLinesOfTheJSONLog() throws {
        let quiet = try live(["--quiet"], output: "quiet")
        XCTAssertEqual(quiet.status, 0, quiet.err)
        XCTAssertEqual(quiet.err, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("quiet/primary/index.m3u8").path))
    }
}
