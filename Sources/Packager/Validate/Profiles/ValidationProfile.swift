/// A player or distribution target whose documented requirements go beyond the HLS spec
/// (`--profile`). `all` is every player profile; Apple Podcasts is a distribution target
/// with its own stricter interstitial rules, so it applies only when named.
public enum ValidationProfile: String, CaseIterable, Sendable {
    case hlsjs
    case avfoundation
    case shaka
    case media3
    case bitmovin
    case applePodcasts = "apple-podcasts"

    public static let players: Set<ValidationProfile> = [.hlsjs, .avfoundation, .shaka, .media3, .bitmovin]

    /// `--profile` values: a profile name, or `all` for every player profile.
    public static func parse(_ text: String) -> Set<ValidationProfile>? {
        if text == "all" { return players }
        return ValidationProfile(rawValue: text).map { [$0] }
    }
}
