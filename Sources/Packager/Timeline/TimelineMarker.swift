/// What a transport bar draws for an interstitial: a point (X-TIMELINE-OCCUPIES=POINT) or a
/// highlighted range (RANGE). PRIMARY-styled interstitials get no marker: they look like
/// the primary content around them.
public struct TimelineMarker: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case point
        case range
    }

    public let kind: Kind
    public let id: String
    /// Integrated-timeline position; a point has `startNanos == endNanos`.
    public let startNanos: Int64
    public let endNanos: Int64

    public init(kind: Kind, id: String, startNanos: Int64, endNanos: Int64) {
        self.kind = kind
        self.id = id
        self.startNanos = startNanos
        self.endNanos = endNanos
    }

    /// The marker for an interstitial segment, or nil when it is drawn as primary.
    init?(segment: TimelineSegment) {
        guard let interstitial = segment.interstitial, interstitial.style == .highlight else { return nil }
        switch interstitial.occupancy {
        case .point:
            self.init(kind: .point, id: interstitial.id, startNanos: segment.startNanos, endNanos: segment.startNanos)
        case .range:
            self.init(kind: .range, id: interstitial.id, startNanos: segment.startNanos, endNanos: segment.endNanos)
        }
    }
}
