import Foundation

/// Where a span's extracted asset lives in an output, for VOD and live alike, and the VOD
/// playlist it gets: one place for the `assets/<id>/…` names and their absolute URIs.
enum AssetLayout {
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
