/// A span as the TS router cuts it: media from the first keyframe at or after `startTicks` to
/// the first keyframe at or after `endTicks` (unwrapped 90 kHz ticks of the input) goes to the
/// span's own asset, and stays in the primary (overlay) or leaves it (strip).
public struct TSCutSpan: Equatable, Sendable {
    public var serial: Int
    public var startTicks: Int64
    public var endTicks: Int64?
    public var placement: Placement
    /// Keyframe PTS where the span was cut in and out; set by the router.
    public internal(set) var cutIn: Int64?
    public internal(set) var cutOut: Int64?
    /// Why it was not cut (before the first frame, no keyframe inside, overlapping).
    public internal(set) var skipped: String?

    public init(serial: Int, startTicks: Int64, endTicks: Int64?, placement: Placement) {
        self.serial = serial
        self.startTicks = startTicks
        self.endTicks = endTicks
        self.placement = placement
    }

}
