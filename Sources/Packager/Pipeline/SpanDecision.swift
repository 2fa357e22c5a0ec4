import CueDetect

/// What the SpanRouter decides from the tracker's span events, in input ticks. The cut stage
/// turns routes and ends into cuts; the presentations turn them into interstitials.
public enum SpanDecision: Equatable, Sendable {
    /// A top-level span opened: from its start, its media is routed to its own asset (strip:
    /// out of the primary; overlay: copied beside it). The presentation announces it.
    case route(SpanRoute)
    /// A span inside a routed one (an ad inside its break): it becomes its own asset, one entry
    /// of the parent's asset list, so the parent is cut at its edges.
    case nest(NestedSpan)
    /// The end of a routed or nested span became known (in-cue, auto-return, a cancel after
    /// the splice, the end of input). Ends only ever arrive once per key.
    case endAt(SpanEnding)
    /// A routed or nested span cancelled before its splice: as if it had never been signalled.
    case forget(key: Int, id: String)
    /// A span that cannot be used (it overlaps one already routed); kept for the report.
    case skip(SkippedSpan)
}

/// A span whose media the cut stage routes.
public struct SpanRoute: Equatable, Sendable {
    /// The tracker's serial: unique within one epoch of one run.
    public var key: Int
    /// The date-range ID, unique for the life of the presentation.
    public var id: String
    public var span: Span
    public var placement: Placement

    public var startTicks: Int64 { span.startTicks }
}

public struct NestedSpan: Equatable, Sendable {
    public var parent: Int
    public var key: Int
    public var id: String
    public var span: Span
}

public struct SpanEnding: Equatable, Sendable {
    public var key: Int
    public var ticks: Int64
    public var endedBy: SpanEnd
    public var inSection: [UInt8]?
    /// The span as the tracker closed it (for the report).
    public var span: Span
}

public struct SkippedSpan: Equatable, Sendable {
    public var span: Span
    public var id: String?
    public var reason: String
}
