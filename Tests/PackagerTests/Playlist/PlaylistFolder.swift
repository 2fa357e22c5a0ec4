import Foundation
import XCTest
@testable import Packager

/// A temporary directory where rendered playlists are written and run through
/// `pkgctl validate`'s checker, as a player-facing origin would serve them.
final class PlaylistFolder {
    let url: URL

    init() throws {
        url = try TestMedia.temporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// `rule@line: message` of every finding, errors and warnings alike, for one playlist.
    func findings(of name: String) throws -> [String] {
        try PlaylistValidator.validate(path: url.appendingPathComponent(name).path).map(PlaylistFolder.describe)
    }

    /// Findings across successive versions of one live playlist.
    func liveFindings(of names: [String]) throws -> [String] {
        try LiveVersionValidator.validate(paths: names.map { url.appendingPathComponent($0).path })
            .map(PlaylistFolder.describe)
    }

    private static func describe(_ finding: Finding) -> String {
        "\(finding.rule.rawValue)@\(finding.line) \(finding.severity.rawValue): \(finding.message)"
    }
}
