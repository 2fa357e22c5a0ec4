/// What a `SpanTracker` reports as cues arrive and media time passes.
public enum SpanEvent: Equatable, Sendable {
    /// An out-cue announced a span; `endTicks` is nil, `startTicks` may still lie ahead.
    case opened(Span)
    /// The span ended; `endTicks` and `endedBy` are set.
    case closed(Span)
    /// The span was withdrawn (splice_event_cancel_indicator, an in-point at or before its
    /// start, a same-id update of its start, or end of input before it began). It carries the
    /// span as it was, with `endedBy == .cancel` and `endTicks` nil; it should not be published.
    case cancelled(Span)

    public var span: Span {
        switch self {
        case let .opened(span), let .closed(span), let .cancelled(span): return span
        }
    }
}
