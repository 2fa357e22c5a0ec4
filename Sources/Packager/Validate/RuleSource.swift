/// Where each rule comes from: the section of draft-pantos-hls-rfc8216bis-22 ("HLS §…"),
/// its Appendix D for interstitials, or the player or distribution documentation behind a
/// profile rule. Printed with every finding so a reader can check the rule.
extension RuleID {
    public var source: String {
        switch self {
        case .playlistHeader: return "HLS §4.1, §4.4.1.1"
        case .playlistKind: return "HLS §4.1, §4.4.4, §4.4.6"
        case .lineWhitespace: return "HLS §4.1"
        case .lineLength: return "pkgctl read limit"
        case .attrGrammar, .attrDuplicate: return "HLS §4.2"
        case .tagRepeated: return "HLS §4.4.1.2, §4.4.2, §4.4.3, §4.4.5.2"
        case .playlistType: return "HLS §4.4.3.5"
        case .startTimeOffset: return "HLS §4.4.2.2"
        case .daterangeAttrType, .daterangeID, .daterangeStartDate, .daterangeSameID, .endBeforeStart,
             .durationEndDate, .endOnNext, .pdtRequired:
            return "HLS §4.4.5.1"
        case .dateFormat: return "HLS §4.4.4.6, §4.4.5.1"
        case .pdtDiscontinuity, .pdtMapping: return "HLS §4.4.4.6"
        case .preload: return "HLS Appendix F"
        case .interstitialAssetRef, .interstitialAssetURIAbsolute, .interstitialAttrType: return "HLS D.2"
        case .interstitialCuePrePost: return "HLS §4.4.5.1"
        case .targetDuration: return "HLS §4.4.3.1"
        case .version: return "HLS §8"
        case .mediaSequence: return "HLS §4.4.3.2, §4.4.3.3"
        case .segmentExtinf: return "HLS §4.4.4.1"
        case .holdBack, .serverControl, .partHoldBack: return "HLS §4.4.3.8"
        case .startOffset: return "HLS §4.4.2.2"
        case .partInf: return "HLS §4.4.3.7"
        case .skip: return "HLS §4.4.5.2, §6.2.5.1"
        case .daterangeSetEqual: return "HLS §6.2.4"
        case .variantConsistency: return "HLS §4.4.3.1, §4.4.3.5, §6.2.4"
        case .referenceMissing, .referenceKind, .referenceCycle: return "HLS §4.4.6.2"
        case .fetchFailed, .fetchBudget: return "pkgctl fetch"
        case .assetVOD, .assetNoInterstitials: return "HLS D.1"
        case .assetListJSON: return "HLS D.3"
        case .assetDuration: return "HLS D.2"
        case .mediaMissing: return "HLS §6.2.1"
        case .mediaUnreadable: return "HLS §3.1"
        case .mediaDuration: return "HLS §4.4.4.1"
        case .mediaKeyframe: return "HLS §4.4.2.1"
        case .mediaCodecs, .mediaResolution, .mediaFrameRate, .mediaBandwidth, .mediaAverageBandwidth:
            return "HLS §4.4.6.2"
        case .mediaContinuity: return "HLS §3, §4.4.4.3"
        case .liveMediaSequence, .liveWindow: return "HLS §6.2.1, §6.2.2"
        case .liveDiscontinuitySequence: return "HLS §4.4.3.3, §6.2.2"
        case .liveTargetDuration: return "HLS §4.4.3.1"
        case .liveDaterangeChanged: return "HLS §4.4.5.1"
        case .liveDaterangeRemoved: return "HLS §6.2.1"
        case .livePlaylistType: return "HLS §4.4.3.5, §6.2.1"
        case .hlsjsBoundary: return "hls.js interstitial-event.ts (startIsAligned 0.1 s, ALIGNED_END_THRESHOLD 25 ms)"
        case .hlsjsLiveResumeOffset: return "hls.js maintainers, video-dev/hls.js#7269"
        case .avfoundationLivePDT, .avfoundationIndependentSegments: return "Apple mediastreamvalidator"
        case .shakaPastInterstitial: return "Shaka Player, Media3: past interstitials in a live window"
        case .media3StartDateRepeat: return "androidx/media#2428"
        case .media3BackToBack: return "androidx/media#3013"
        case .bitmovinIgnoredAttribute: return "developer.bitmovin.com hls-interstitials"
        case .podcastsVOD, .podcastsAttributes, .podcastsCue, .podcastsBoundary, .podcastsDate, .podcastsTargetDuration:
            return "Apple Podcasts interstitial profile (validation settings v1.05)"
        }
    }
}
