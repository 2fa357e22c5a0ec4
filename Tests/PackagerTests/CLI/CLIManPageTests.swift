import Foundation
import XCTest

/// `pkgctl manpage`: pkgctl(1) renders with man without a warning and documents every command
/// and every option `--help` lists.
final class CLIManPageTests: XCTestCase {
    func testManPageRendersWithoutWarningsAndDocumentsEveryCommandAndOption() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try PkgctlBinary.run(["manpage"])
        XCTAssertEqual(source.status, 0, source.err)
        let page = directory.appendingPathComponent("pkgctl.1")
        try Data(source.out.utf8).write(to: page)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["MANWIDTH"] = "100"
        environment["MAN_KEEP_FORMATTING"] = nil
        let man = try PkgctlBinary.run(executable: try XCTUnwrap(ToolRun.find("man"), "man-db not installed"),
                                       ["--warnings", "-P", "cat", "-l", page.path], environment: environment)
        XCTAssertEqual(man.status, 0, man.err)
        XCTAssertEqual(man.err, "")
        let text = man.out.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        XCTAssertTrue(text.hasPrefix("PKGCTL(1)"), String(text.prefix(200)))
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "SEE ALSO"] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), heading)
        }
        XCTAssertTrue(text.contains("       NO_COLOR\n"), text)
        for command in try PkgctlBinary.commandNames() {
            XCTAssertTrue(text.contains("\n   \(command)\n"), "no section for \(command)")
            for option in try PkgctlBinary.helpOptions(command) {
                XCTAssertTrue(text.contains(option), "\(command) \(option) missing from the man page")
            }
        }
        let vod = try XCTUnwrap(text.range(of: "\n   vod\n")).upperBound
        XCTAssertTrue(text[vod...].contains("       --segment-duration S\n              cut target in seconds"), String(text[vod...].prefix(2000)))
    }
}
