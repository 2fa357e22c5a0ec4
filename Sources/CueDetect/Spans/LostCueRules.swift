/// What ends a span whose end cue never arrives (lost in transit, or never sent): the same rules
/// in every mode, so live and `pkgctl cues` agree.
/// - a span with a planned duration (break_duration, segmentation_duration) ends at its planned
///   end once media time passes it by `graceTicks` (0: exactly like auto-return);
/// - a span without one ends after the maximum for its kind;
/// - an out-cue of the same kind at the same nesting level ends an open one without a planned
///   duration where it starts (its container is never ended by the spans it holds).
public struct LostCueRules: Codable, Equatable, Sendable {
    public var graceTicks: Int64
    public var maximumTicks: [SpanKind: Int64]
    public var nextOutCueEnds: Bool

    public init(graceTicks: Int64 = 0,
                maximumTicks: [SpanKind: Int64] = [.ad: 300 * 90_000, .recap: 600 * 90_000, .other: 600 * 90_000],
                nextOutCueEnds: Bool = true) {
        self.graceTicks = graceTicks
        self.maximumTicks = maximumTicks
        self.nextOutCueEnds = nextOutCueEnds
    }

    public static let standard = LostCueRules()

    /// When a span that is still open gives up waiting for its end, and where it then ends.
    func deadline(for entry: TrackedSpan) -> (decide: Int64, end: Int64, endedBy: SpanEnd)? {
        guard !entry.autoReturns else { return nil }
        let start = entry.span.startTicks
        if let planned = entry.span.plannedDurationTicks {
            return (start + planned + max(0, graceTicks), start + planned, .plannedEnd)
        }
        guard let maximum = maximumTicks[entry.span.kind] else { return nil }
        return (start + maximum, start + maximum, .maximumDuration)
    }
}
