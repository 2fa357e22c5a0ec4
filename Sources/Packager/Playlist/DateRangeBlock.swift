/// Already-rendered EXT-X-DATERANGE lines for one date range, with the instant that decides
/// where in the playlist they go (see `DateRangePlacement`).
public struct DateRangeBlock: Equatable, Sendable {
    /// START-DATE of the range, milliseconds since 1970-01-01 UTC.
    public var anchorMillis: Int64
    /// Written verbatim, in order; same-ID updates stay byte-identical this way.
    public var lines: [String]

    public init(anchorMillis: Int64, lines: [String]) {
        self.anchorMillis = anchorMillis
        self.lines = lines
    }
}
