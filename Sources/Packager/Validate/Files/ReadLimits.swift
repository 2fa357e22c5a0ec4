/// Bounds on what the read-side commands accept, so a hostile or mistaken input costs a
/// clear message instead of minutes and gigabytes. The defaults leave room for any real
/// playlist: a 24-hour live playlist with PDT on every segment is about 1.5 MB, and the
/// longest real lines (DATERANGE with SCTE35-OUT/IN hex) are a few kilobytes.
public struct ReadLimits: Equatable, Sendable {
    /// Largest playlist or asset list read (bytes).
    public var maxPlaylistBytes: Int64
    /// Longest line read (bytes); a longer line is reported and not parsed.
    public var maxLineBytes: Int
    /// Findings of one rule in one file printed before `… and N more` (0 = no cap).
    public var maxFindingsPerRule: Int

    public static let defaultPlaylistBytes: Int64 = 16 * 1024 * 1024
    public static let defaultLineBytes = 64 * 1024
    public static let defaultFindingsPerRule = 20

    public init(maxPlaylistBytes: Int64 = defaultPlaylistBytes, maxLineBytes: Int = defaultLineBytes,
                maxFindingsPerRule: Int = defaultFindingsPerRule) {
        self.maxPlaylistBytes = maxPlaylistBytes
        self.maxLineBytes = maxLineBytes
        self.maxFindingsPerRule = maxFindingsPerRule
    }
}
