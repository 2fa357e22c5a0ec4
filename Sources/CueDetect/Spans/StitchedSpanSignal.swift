/// A span of a stitched (server-side inserted) presentation, as its analysis found it: where it
/// starts, then — in a later cue — where it ends. There is no SCTE-35 event behind it, so its
/// kind is decided by the analysis (tags, rules, overrides), not by the tracker's classifier.
public struct StitchedSpanSignal: Equatable, Sendable {
    public enum Phase: String, Equatable, Sendable {
        /// The span begins at the cue's splice time.
        case start
        /// The span that began with the same index ends at the cue's splice time.
        case end
    }

    public var phase: Phase
    public var kind: SpanKind
    /// The span's index in its presentation's stitched order: its event id, unique per source.
    public var index: UInt32
    /// A pod of ads: the ads that follow, before its end, are spans nested inside it.
    public var isContainer: Bool
    /// Known length of the span (VOD knows it before the media is read; live usually does not).
    public var plannedDurationTicks: Int64?

    public init(phase: Phase, kind: SpanKind, index: UInt32, isContainer: Bool = false,
                plannedDurationTicks: Int64? = nil) {
        self.phase = phase
        self.kind = kind
        self.index = index
        self.isContainer = isContainer
        self.plannedDurationTicks = plannedDurationTicks
    }
}
