import CueDetect

/// A span as the segmenter handles it: where it was cut in and out, or why it was skipped.
public struct RoutedSpan: Sendable {
    public var span: Span
    public var placement: Placement
    /// PTS (unwrapped ticks) of the keyframe where the span's media starts / ends.
    public var cutIn: Int64?
    public var cutOut: Int64?
    /// Primary-timeline position of the interstitial (strip: after earlier removals).
    public var primaryPosition: Int64?
    public var skipped: String?

    public var isDone: Bool { cutOut != nil || skipped != nil }
    /// Distance from the signalled splice to the keyframe actually cut at, in ticks.
    public var startOffset: Int64? { cutIn.map { $0 - span.startTicks } }
}
