import Foundation

/// Every name in an output tree, for VOD and live alike: `master.m3u8`, `primary/` (and
/// `primary_<k>/` for further video renditions) with `index.m3u8`, segments and init segments,
/// `assets/<id>/` with the asset's playlist and list, `report.json`; and the absolute URIs of
/// assets. Nothing else in pkgctl spells a file name.
enum OutputLayout {
    static let master = "master.m3u8"
    static let report = "report.json"
    /// What a batch-converted output was made from, committed with it (Batch/TitleFingerprint).
    static let fingerprint = "fingerprint.json"
    static let playlistName = "index.m3u8"
    /// The init segment of a VOD output or an asset (one per output).
    static let initName = "init.mp4"

    static func rendition(_ k: Int) -> String { k == 0 ? "primary" : "primary_\(k)" }
    static func renditionPlaylist(_ k: Int) -> String { rendition(k) + "/" + playlistName }

    /// A segment file within its output's directory. Live numbers never repeat over a channel's
    /// life (restarts included); VOD and assets count from 0.
    static func segment(_ index: Int, format: SegmentMuxerFormat) -> String {
        String(format: "seg_%05d.%@", index, format.segmentExtension)
    }

    /// A live init segment: one per input epoch (codecs may change across an encoder restart),
    /// named after the first segment it serves.
    static func liveInit(firstSegment index: Int) -> String { String(format: "init_%05d.mp4", index) }

    static func directory(id: String) -> String { "assets/" + id }
    static func playlist(id: String) -> String { directory(id: id) + "/" + playlistName }
    static func list(id: String) -> String { directory(id: id) + "/list.json" }
    /// The asset-list URL template (DateRangeWriter fills in `{id}`).
    static let listTemplate = "assets/{id}/list.json"

    /// The asset ID of one piece of a routed span: a nested span's own ID for its piece; the span's
    /// ID for its first stretch; `<id>-<n>` for stretches between or after nested spans.
    static func assetID(of key: AssetKey, spanID: String, ownerID: String?) -> String {
        if let ownerID { return ownerID }
        return key.piece == 0 ? spanID : spanID + "-\(key.piece)"
    }

    /// `relative` made absolute against the asset base URL (interstitial URIs must be absolute).
    static func absolute(_ relative: String, base: URL?) -> String? {
        guard let base, let url = URL(string: relative, relativeTo: base)?.absoluteURL, url.scheme != nil else {
            return nil
        }
        return url.absoluteString
    }
}
