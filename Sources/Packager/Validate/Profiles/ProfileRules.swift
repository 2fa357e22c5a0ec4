/// A rule that needs a multivariant playlist and the media playlists it lists.
protocol MultivariantProfileRule {
    var id: RuleID { get }
    func check(_ master: Playlist, media: [Playlist]) -> [Finding]
}

/// The rules each `--profile` adds to the spec's. Every one names the player or document
/// that requires it (`RuleID.source`); the README lists them.
enum ProfileRules {
    static func playlistRules(for profiles: Set<ValidationProfile>) -> [any PlaylistRule] {
        var rules: [any PlaylistRule] = []
        if profiles.contains(.hlsjs) { rules += [HlsjsBoundaryRule(), HlsjsLiveResumeOffsetRule()] }
        if profiles.contains(.avfoundation) { rules.append(AVFoundationLivePDTRule()) }
        if profiles.contains(.shaka) || profiles.contains(.media3) { rules.append(PastInterstitialRule()) }
        if profiles.contains(.media3) { rules += [Media3StartDateRepeatRule(), Media3BackToBackRule()] }
        if profiles.contains(.bitmovin) { rules.append(BitmovinIgnoredAttributeRule()) }
        if profiles.contains(.applePodcasts) {
            rules += [PodcastsVODRule(), PodcastsAttributesRule(), PodcastsCueRule(), PodcastsBoundaryRule(),
                      PodcastsDateRule(), PodcastsTargetDurationRule()]
        }
        return rules
    }

    static func multivariantRules(for profiles: Set<ValidationProfile>) -> [any MultivariantProfileRule] {
        profiles.contains(.avfoundation) ? [AVFoundationIndependentSegmentsRule()] : []
    }
}
