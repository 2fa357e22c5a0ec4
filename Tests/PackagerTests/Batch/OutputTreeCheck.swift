import Foundation
@testable import Packager

/// Whether a title's output directory is a whole presentation: its fingerprint is there, every
/// URI of every playlist in it names a file that exists (segments, init segments, assets through
/// the default asset base), and PlaylistValidator finds no error.
enum OutputTreeCheck {
    static let assetBase = "http://127.0.0.1:8000/"

    static func problems(in dir: URL) throws -> [String] {
        var problems: [String] = []
        let fm = FileManager.default
        for name in [OutputLayout.fingerprint, OutputLayout.master, OutputLayout.report]
        where !fm.fileExists(atPath: dir.appendingPathComponent(name).path) {
            problems.append("\(dir.lastPathComponent): \(name) missing")
        }
        let playlists = (fm.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".m3u8") }
        for relative in playlists {
            let playlist = dir.appendingPathComponent(relative)
            for reference in try references(in: playlist) {
                let uri = String(reference.prefix { $0 != "?" })
                let target = uri.hasPrefix(assetBase) ? dir.appendingPathComponent(String(uri.dropFirst(assetBase.count)))
                    : playlist.deletingLastPathComponent().appendingPathComponent(uri)
                if !fm.fileExists(atPath: target.path) { problems.append("\(dir.lastPathComponent)/\(relative): \(uri) missing") }
            }
        }
        let findings = try PlaylistValidator.validate(path: dir.appendingPathComponent(OutputLayout.master).path,
                                                      maps: [try URLMapping.parse(assetBase + "=" + dir.path)])
        problems += LiveChecks.errors(findings)
        return problems
    }

    /// Segment lines and the values of URI="…" and X-ASSET-URI="…" attributes.
    private static func references(in playlist: URL) throws -> [String] {
        let attribute = try NSRegularExpression(pattern: #"[:,](?:X-ASSET-)?URI="([^"]*)""#)
        var uris: [String] = []
        for line in try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n").map(String.init) {
            if !line.hasPrefix("#") { uris.append(line); continue }
            for match in attribute.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                if let range = Range(match.range(at: 1), in: line) { uris.append(String(line[range])) }
            }
        }
        return uris
    }
}
