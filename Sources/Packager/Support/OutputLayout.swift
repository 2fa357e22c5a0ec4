import Foundation

/// The names in an output tree, for VOD and live alike: `primary/` (and `primary_<k>/` for
/// further video renditions) and `assets/<id>/`, the absolute URIs of assets, and the VOD
/// playlist an asset gets.
enum OutputLayout {
    static func rendition(_ k: Int) -> String { k == 0 ? "primary" : "primary_\(k)" }
    static func renditionPlaylist(_ k: Int) -> String { rendition(k) + "/index.m3u8" }

    static func directory(id: String) -> String { "assets/" + id }
    static func playlist(id: String) -> String { directory(id: id) + "/index.m3u8" }
    static func list(id: String) -> String { directory(id: id) + "/list.json" }
    /// The asset-list URL template (DateRangeWriter fills in `{id}`).
    static let listTemplate = "assets/{id}/list.json"

    /// `relative` made absolute against the asset base URL (interstitial URIs must be absolute).
    static func absolute(_ relative: String, base: URL?) -> String? {
        guard let base, let url = URL(string: relative, relativeTo: base)?.absoluteURL, url.scheme != nil else {
            return nil
        }
        return url.absoluteString
    }

    /// An asset's media playlist: VOD, as interstitial assets must be.
    static func mediaPlaylist(_ segments: [SegmentRecord], requestedDuration: Double) -> MediaPlaylist {
        MediaPlaylist(kind: .vod, targetDuration: MediaPlaylist.targetDuration(for: segments.map(\.durationTicks),
                                                                               requested: requestedDuration),
                      segments: segments, independentSegments: true, endList: true)
    }
}
