/// One video packet of a splice window as the planner sees it: timestamps on the caller's
/// timeline (unwrapped stream ticks), in decode order.
struct SpliceFrame: Equatable, Sendable {
    var pts: Int64
    var dts: Int64
    var isKeyframe: Bool
    /// No other picture predicts from it (H.264 nal_ref_idc 0, HEVC sub-layer non-reference with a
    /// single sub-layer): the decoder may skip it unless it is itself re-encoded.
    var isNonReference: Bool = false
}
