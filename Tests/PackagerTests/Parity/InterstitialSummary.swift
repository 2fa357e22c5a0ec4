import Foundation
@testable import Packager

/// What players get of each interstitial, independent of how a mode wrote it: its ID, START-DATE
/// relative to the first segment's PDT, final DURATION, and the assets its X-ASSET-URI or
/// X-ASSET-LIST names (ID and length), read back from the output tree.
struct InterstitialSummary: Equatable, CustomStringConvertible {
    struct Asset: Equatable {
        var id: String
        var millis: Int64
    }

    var id: String
    var startMillis: Int64
    var durationMillis: Int64?
    var assets: [Asset]

    var description: String {
        "\(id)@\(startMillis)ms+\(durationMillis.map(String.init) ?? "?") [" + assets.map { "\($0.id):\($0.millis)" }.joined(separator: ",") + "]"
    }

    /// Every interstitial of a media playlist (same-ID tags merged), read against `root`.
    static func all(in text: String, root: URL) throws -> [InterstitialSummary] {
        let playlist = LivePlaylistText(text)
        guard let origin = playlist.segments.first?.pdtMillis else { return [] }
        return try playlist.rangeIDs.compactMap { id in
            guard let range = playlist.range(id), range.attributes["CLASS"] == "com.apple.hls.interstitial",
                  let start = range.startMillis else { return nil }
            return InterstitialSummary(id: id, startMillis: start - origin,
                                       durationMillis: range.duration.map { Int64(($0 * 1000).rounded()) },
                                       assets: try assets(of: range.attributes, root: root))
        }
    }

    private static func assets(of attributes: [String: String], root: URL) throws -> [Asset] {
        if let uri = attributes["X-ASSET-URI"] { return [try asset(playlistURI: uri, root: root)] }
        guard let list = attributes["X-ASSET-LIST"], let path = localPath(list) else { return [] }
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = object?["ASSETS"] as? [[String: Any]] ?? []
        return entries.compactMap { entry in
            guard let uri = entry["URI"] as? String, let duration = entry["DURATION"] as? Double,
                  let id = localPath(uri)?.split(separator: "/").dropFirst().first else { return nil }
            return Asset(id: String(id), millis: Int64((duration * 1000).rounded()))
        }
    }

    private static func asset(playlistURI uri: String, root: URL) throws -> Asset {
        let path = localPath(uri) ?? ""
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let total = LivePlaylistText(text).segments.reduce(0.0) { $0 + $1.duration }
        return Asset(id: String(path.split(separator: "/").dropFirst().first ?? ""), millis: Int64((total * 1000).rounded()))
    }

    /// `assets/<id>/…` of an absolute asset URI (query dropped).
    private static func localPath(_ uri: String) -> String? {
        guard let url = URL(string: uri) else { return nil }
        return String(url.path.drop { $0 == "/" })
    }
}
