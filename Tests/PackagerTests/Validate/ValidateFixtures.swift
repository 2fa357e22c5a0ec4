import Foundation
import XCTest
@testable import Packager

/// Paths into Tests/PackagerTests/Fixtures/playlists and compact assertions on findings.
enum ValidateFixtures {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/playlists").path

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// `--map https://ads.example.com/=DIR` for a fixture directory.
    static func adsMap(_ relativeDirectory: String) -> [URLMapping] {
        [URLMapping(prefix: "https://ads.example.com/", directory: path(relativeDirectory))]
    }

    static func validate(_ relative: String, maps: [URLMapping] = []) throws -> [Finding] {
        try PlaylistValidator.validate(path: path(relative), maps: maps)
    }

    static func validateLive(_ relatives: [String]) throws -> [Finding] {
        try LiveVersionValidator.validate(paths: relatives.map(path))
    }

    /// `rule@line severity` for each finding, with the file relative to the fixture root
    /// when it is not the file under test.
    static func summary(_ findings: [Finding], mainFile: String? = nil) -> [String] {
        findings.map { finding in
            let file = finding.file.hasPrefix(root + "/") ? String(finding.file.dropFirst(root.count + 1)) : finding.file
            let place = file == mainFile ? "" : "\(file) "
            return "\(place)\(finding.rule.rawValue)@\(finding.line) \(finding.severity.rawValue)"
        }
    }
}

/// Asserts that validating a single fixture yields exactly `expected` (as `rule@line severity`).
func assertFindings(_ relative: String, maps: [URLMapping] = [], _ expected: [String],
                    file: StaticString = #filePath, line: UInt = #line) throws {
    let findings = try ValidateFixtures.validate(relative, maps: maps)
    XCTAssertEqual(ValidateFixtures.summary(findings, mainFile: relative), expected, file: file, line: line)
}
