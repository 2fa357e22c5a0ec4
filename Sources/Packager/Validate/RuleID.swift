/// Stable identifiers of every check, as printed in `[rule-id]` and used by tests.
public enum RuleID: String, CaseIterable, Sendable, Codable {
    // Syntax of the file and of attribute lists (HLS §4.1, §4.2).
    case playlistHeader = "playlist-header"
    case playlistKind = "playlist-kind"
    case attrGrammar = "attr-grammar"
    case attrDuplicate = "attr-duplicate"
    // EXT-X-DATERANGE (HLS §4.4.5.1).
    case daterangeAttrType = "daterange-attr-type"
    case daterangeID = "daterange-id"
    case daterangeStartDate = "daterange-start-date"
    case daterangeSameID = "daterange-same-id"
    case dateFormat = "date-format"
    case endBeforeStart = "end-before-start"
    case durationEndDate = "duration-end-date"
    case endOnNext = "end-on-next"
    case pdtRequired = "pdt-required"
    case pdtDiscontinuity = "pdt-discontinuity"
    case pdtMapping = "pdt-mapping"
    case preload = "preload"
    // Interstitials (HLS Appendix D).
    case interstitialAssetRef = "interstitial-asset-ref"
    case interstitialAssetURIAbsolute = "interstitial-asset-uri-absolute"
    case interstitialCuePrePost = "interstitial-cue-pre-post"
    case interstitialAttrType = "interstitial-attr-type"
    // Media playlist structure (HLS §4.4.3, §8).
    case targetDuration = "target-duration"
    case version = "version"
    case mediaSequence = "media-sequence"
    case segmentExtinf = "segment-extinf"
    case holdBack = "hold-back"
    case startOffset = "start-offset"
    // Across files.
    case daterangeSetEqual = "daterange-set-equal"
    case variantConsistency = "variant-consistency"
    case referenceMissing = "reference-missing"
    case assetVOD = "asset-vod"
    case assetNoInterstitials = "asset-no-interstitials"
    case assetListJSON = "asset-list-json"
    case assetDuration = "asset-duration"
    // Successive versions of one live playlist (HLS §6.2.1, §6.2.2).
    case liveMediaSequence = "live-media-sequence"
    case liveDiscontinuitySequence = "live-discontinuity-sequence"
    case liveTargetDuration = "live-target-duration"
    case liveWindow = "live-window"
    case liveDaterangeChanged = "live-daterange-changed"
    case liveDaterangeRemoved = "live-daterange-removed"
    case livePlaylistType = "live-playlist-type"
}
