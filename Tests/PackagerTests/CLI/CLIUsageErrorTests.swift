import Foundation
import XCTest

/// Usage errors of the built binary: exit 2, nothing on stdout, one message naming what was
/// typed (and the nearest known spelling), then the usage lines.
final class CLIUsageErrorTests: XCTestCase {
    private func firstErrorLine(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try PkgctlBinary.run(arguments)
        XCTAssertEqual(run.status, 2, run.err, file: file, line: line)
        XCTAssertEqual(run.out, "", file: file, line: line)
        return run.err.components(separatedBy: "\n").first ?? ""
    }

    func testUnknownOptionExitsTwoSuggestingTheNearestOption() throws {
        let cases: [([String], String)] = [
            (["vod", "in.ts", "-o", "out", "--segment-duraton", "3"], "pkgctl vod: unknown option '--segment-duraton'; did you mean '--segment-duration'?"),
            (["live", "--windw", "10"], "pkgctl live: unknown option '--windw'; did you mean '--window'?"),
            (["validate", "p.m3u8", "--stirct"], "pkgctl validate: unknown option '--stirct'; did you mean '--strict'?"),
            (["timeline", "p.m3u8", "--ofline"], "pkgctl timeline: unknown option '--ofline'; did you mean '--offline'?"),
            (["cues", "in.ts", "--format=json", "--chapter"], "pkgctl cues: unknown option '--chapter'; did you mean '--chapters'?"),
            (["bench", "daterange", "--cnt", "5"], "pkgctl bench: unknown option '--cnt'; did you mean '--count'?"),
        ]
        for (arguments, expected) in cases { XCTAssertEqual(try firstErrorLine(arguments), expected) }
    }

    func testUnknownOptionFarFromEveryOptionGetsNoSuggestion() throws {
        XCTAssertEqual(try firstErrorLine(["cues", "in.ts", "--zzzzzzzz"]), "pkgctl cues: unknown option '--zzzzzzzz'")
        XCTAssertEqual(try firstErrorLine(["cues", "in.ts", "-x"]), "pkgctl cues: unknown option '-x'")
    }

    func testUsageErrorEndsWithTheUsageAndWhereToFindEveryOption() throws {
        let run = try PkgctlBinary.run(["timeline", "p.m3u8", "--ofline"])
        XCTAssertEqual(run.err, """
            pkgctl timeline: unknown option '--ofline'; did you mean '--offline'?
            usage: pkgctl timeline PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--offline]
                   pkgctl timeline PLAYLIST_OR_URL --watch [--watch-limit S] [--output FILE]
            try 'pkgctl timeline --help' for every option

            """)
    }

    func testUnknownCommandSuggestsTheNearestCommand() throws {
        XCTAssertEqual(try firstErrorLine(["vdo", "in.ts"]), "pkgctl: unknown command 'vdo'; did you mean 'vod'?")
        XCTAssertEqual(try firstErrorLine(["help", "timelin"]), "pkgctl help: unknown command 'timelin'; did you mean 'timeline'?")
    }

    func testValuesAreCheckedAgainstTheTable() throws {
        XCTAssertEqual(try firstErrorLine(["vod", "in.ts", "-o", "out", "--segment-format", "mp4"]),
                       "pkgctl vod: option '--segment-format': 'mp4' is not one of ts, fmp4")
        XCTAssertEqual(try firstErrorLine(["cues", "in.ts", "--format"]), "pkgctl cues: option '--format' needs a value")
        XCTAssertEqual(try firstErrorLine(["live", "-i", "in.ts", "-o", "out", "--event=yes"]),
                       "pkgctl live: option '--event' takes no value (got 'yes')")
        XCTAssertEqual(try firstErrorLine(["validate", "p.m3u8", "--media=maybe"]),
                       "pkgctl validate: option '--media': 'maybe' is not one of on, off")
        XCTAssertEqual(try firstErrorLine(["validate", "p.m3u8", "--max-fetch", "-1"]),
                       "pkgctl validate: option '--max-fetch': '-1' is not a whole number >= 0")
        XCTAssertEqual(try firstErrorLine(["live", "-i", "in.ts", "-o", "out", "--window", "0s"]),
                       "pkgctl live: option '--window': '0s' is not a segment count (10, at most 1000000) or seconds (60s)")
        XCTAssertEqual(try firstErrorLine(["live", "-i", "in.ts", "-o", "out", "--window", "1000001"]),
                       "pkgctl live: option '--window': '1000001' is not a segment count (10, at most 1000000) or seconds (60s)")
    }

    func testAConfigurationValueTheModeRefusesIsReportedUnderTheFlagAsTyped() throws {
        XCTAssertEqual(try firstErrorLine(["vod", "in.ts", "-o", "out", "--segment-duration", "90"]),
                       "pkgctl vod: option '--segment-duration': 90.0 is outside 1.0…60.0 seconds")
        XCTAssertEqual(try firstErrorLine(["live", "--input", "a.ts", "-i", "b.ts", "-o", "out"]),
                       "pkgctl live: option '-i': 'b.ts' is not one input (several renditions come as several video streams of one input; also given: 'a.ts')")
        XCTAssertEqual(try firstErrorLine(["vod", "in.ts", "-o", "out", "--window", "10"]),
                       "pkgctl vod: unknown option '--window'")
    }

    func testCrossOptionRulesStayUsageErrors() throws {
        XCTAssertEqual(try firstErrorLine(["validate", "p.m3u8", "--duration", "5"]), "pkgctl validate: --duration only applies with --watch")
        XCTAssertEqual(try firstErrorLine(["timeline", "p.m3u8", "--watch-limit", "5"]), "pkgctl timeline: --watch-limit only applies with --watch")
        XCTAssertEqual(try firstErrorLine(["timeline", "p.m3u8", "--watch", "--format", "svg"]),
                       "pkgctl timeline: option '--format': 'svg' is not json with --watch (events are JSON lines)")
        XCTAssertEqual(try firstErrorLine(["vod", "in.ts"]), "pkgctl vod: missing -o DIR or URL (output directory or origin prefix)")
        XCTAssertEqual(try firstErrorLine(["completion", "fish"]), "pkgctl completion: no completion script for 'fish': pkgctl writes bash and zsh ones")
    }
}
