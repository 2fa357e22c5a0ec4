import Foundation
import Packager
import XCTest

/// `--help`, `-h`, `pkgctl help [COMMAND]` and `--version` of the built binary: stdout, exit 0,
/// every option the README documents listed, defaults as Packager starts from them.
final class CLIHelpTests: XCTestCase {
    /// Options named in the README section of one subcommand (`### \`pkgctl NAME …`): every
    /// `--long` option in the section, and `-x` short ones in its heading.
    private func readmeOptions(_ command: String) throws -> [String] {
        let readme = try String(contentsOf: TestMedia.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n### `pkgctl \(command) ") else { return [] }
        let rest = readme[start.upperBound...]
        let end = [rest.range(of: "\n## ")?.lowerBound, rest.range(of: "\n### ")?.lowerBound].compactMap { $0 }.min() ?? rest.endIndex
        let section = String(rest[..<end])
        let heading = String(section.prefix { $0 != "\n" })
        func matches(_ pattern: String, _ text: String) throws -> [String] {
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        }
        let long = try matches(#"(?<![\w-])--[a-z][a-z0-9-]*"#, section)
        let short = try matches(#"(?<![\w-])-[a-z](?![\w-])"#, heading)
        var seen = Set<String>()
        return (short + long).filter { seen.insert($0).inserted }
    }

    func testHelpOfEachSubcommandExitsZeroOnStdoutAndListsEveryOptionTheREADMEDocuments() throws {
        let documented = ["cues": 4, "vod": 10, "live": 19, "validate": 12, "timeline": 7]
        for (command, minimum) in documented {
            let help = try PkgctlBinary.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertEqual(help.err, "", command)
            XCTAssertTrue(help.out.hasPrefix("usage: pkgctl \(command) "), help.out)
            let listed = Set(try PkgctlBinary.helpOptions(command))
            let readme = try readmeOptions(command)
            XCTAssertGreaterThanOrEqual(readme.count, minimum, "README section of \(command) not found or shrunk: \(readme)")
            XCTAssertEqual(readme.filter { !listed.contains($0) }, [], "\(command): in the README, not in --help")
        }
    }

    func testDashHAndHelpCommandPrintTheSameHelpAsDashDashHelpForEveryCommand() throws {
        let commands = try PkgctlBinary.commandNames()
        XCTAssertEqual(commands, ["cues", "vod", "live", "validate", "timeline", "bench", "help", "completion", "manpage", "version"])
        for command in commands {
            let long = try PkgctlBinary.run([command, "--help"])
            XCTAssertEqual(long.status, 0, command)
            XCTAssertTrue(long.out.contains("\n  -h, --help "), long.out)
            XCTAssertEqual(try PkgctlBinary.run([command, "-h"]).out, long.out, command)
            XCTAssertEqual(try PkgctlBinary.run(["help", command]).out, long.out, command)
        }
    }

    func testHelpWinsOverABadOptionAndMissingArguments() throws {
        let help = try PkgctlBinary.run(["vod", "--no-such-option", "-h"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("usage: pkgctl vod INPUT -o DIR|URL [options]\n"), help.out)
    }

    func testHelpShowsTheDefaultsPackagerStartsFrom() throws {
        func flat(_ command: String) throws -> String {
            try PkgctlBinary.run([command, "--help"]).out.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        }
        let vod = try flat("vod"), live = try flat("live"), validate = try flat("validate")
        let v = VodOptions(), l = LiveOptions()
        XCTAssertTrue(vod.contains("[default: \(Int(v.segmentDuration)); config: segments.duration]"), vod)
        XCTAssertTrue(vod.contains("[default: \(v.defaultPlacement.rawValue); config: placement.default]"), vod)
        XCTAssertTrue(live.contains("[default: \(l.defaultPlacement.rawValue); config: placement.default]"), live)
        XCTAssertTrue(live.contains("[default: \(Int(l.inputTimeout)); config: live.input_timeout]"), live)
        XCTAssertTrue(live.contains("[default: \(Int(l.keepExtra)); config: live.keep_extra]"), live)
        XCTAssertTrue(live.contains("[default: \(Int(l.windowSeconds ?? 0))s; config: live.window_segments or live.window_seconds]"), live)
        XCTAssertTrue(validate.contains("--max-fetch N most http(s) requests in one run; what is left is one warning [default: \(ValidateOptions.defaultMaxFetch)]"), validate)
        XCTAssertTrue(validate.contains("[default: \(ReadLimits.defaultPlaylistBytes)]"), validate)
    }

    func testVersionPrintsTheVersionAndTheFFmpegLibraries() throws {
        let version = try PkgctlBinary.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.out, "pkgctl 0.1.0 (\(FFmpegLibraries.versionLine))\n")
        XCTAssertEqual(try PkgctlBinary.run(["version"]).out, version.out)
    }

    func testNoCommandPrintsTheOverviewOnStderrAndExitsTwo() throws {
        let bare = try PkgctlBinary.run([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.out, "")
        let help = try PkgctlBinary.run(["help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(bare.err, help.out)
        XCTAssertTrue(help.out.contains("\nexit status:\n  0     success"), help.out)
        XCTAssertTrue(help.out.contains("\n  2     usage error"), help.out)
        XCTAssertEqual(try PkgctlBinary.run(["--help"]).out, help.out)
    }
}
