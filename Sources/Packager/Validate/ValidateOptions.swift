/// How `pkgctl validate` reads and what it checks beyond the playlist rules.
public struct ValidateOptions: Sendable {
    public enum Media: String, Sendable {
        /// Probe every listed segment of local playlists; remote ones only when asked.
        case auto
        case on
        case off
    }

    public var maps: [URLMapping]
    public var media: Media
    /// The player or distribution profiles whose rules apply beyond the spec (`--profile`).
    public var profiles: Set<ValidationProfile>
    /// Most http(s) requests one run makes (`--max-fetch`): playlists and, with media
    /// checks, segments. What is left over is reported as one warning.
    public var maxFetch: Int
    public var limits: ReadLimits
    /// Seconds one http request may take.
    public var timeout: Double

    public static let defaultMaxFetch = 200

    public init(maps: [URLMapping] = [], media: Media = .off, profiles: Set<ValidationProfile> = [],
                maxFetch: Int = defaultMaxFetch, limits: ReadLimits = ReadLimits(), timeout: Double = 10) {
        self.maps = maps
        self.media = media
        self.profiles = profiles
        self.maxFetch = maxFetch
        self.limits = limits
        self.timeout = timeout
    }

    /// Whether segments of a playlist read from `location` are probed.
    func probesMedia(of location: ResourceLocation) -> Bool {
        switch media {
        case .on: return true
        case .off: return false
        case .auto: if case .file = location { return true } else { return false }
        }
    }
}
