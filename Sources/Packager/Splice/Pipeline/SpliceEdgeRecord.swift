/// What one span edge's cut did, for report.json: the splice asked for, where the cut landed,
/// what was re-encoded and what it cost.
public struct SpliceEdgeRecord: Equatable, Sendable {
    public enum Method: String, Sendable {
        /// Cut at the splice frame; the pictures around it re-encoded.
        case accurate
        /// Cut at a keyframe; its leading pictures re-encoded onto the near side (if it had any).
        case keyframe
        /// Cut at a keyframe whose leading pictures were dropped (the GOP before it was gone).
        case keyframeDroppingLeading = "keyframe-dropping-leading"
        /// Cut at a keyframe by the cut planner alone (the stream cannot be re-encoded, or the
        /// re-encode failed): nothing was rewritten.
        case keyframeUnchanged = "keyframe-unchanged"
    }

    /// The span edges this cut serves ("brk-1 start"; an ad starting with its break is both).
    public var edges: [String]
    public var rendition: Int
    public var method: Method
    /// Input ticks (90 kHz).
    public var requestedTicks: Int64
    /// Where the far side's first picture is, input ticks; nil when no cut landed (the edge lies
    /// beyond the media).
    public var landedTicks: Int64?
    public var framesDecoded = 0
    public var framesReencoded = 0
    public var framesDropped = 0
    public var cpuMilliseconds = 0.0
    public var wallMilliseconds = 0.0
    /// Why the cut is not what the mode asked for, or what else was done to the stream.
    public var notes: [String] = []
}
