/// The segmenting rule of one run: the cut target, the declared EXT-X-TARGETDURATION, and
/// whether that target is a hard cap (live: it is declared before the first segment and may
/// never change, so no EXTINF may round above it).
public struct CutRule: Equatable, Sendable {
    /// Cut at the first keyframe at or after this much media.
    public var targetTicks: Int64
    /// EXT-X-TARGETDURATION (whole seconds).
    public var declaredTarget: Int
    /// Live: never let a segment round above `declaredTarget`.
    public var hardCap: Bool
    /// The operator fixed the target (`--target-duration`): a first GOP that cannot fit is
    /// refused instead of raising the target.
    public var targetFixed: Bool

    public init(targetSeconds: Double, declaredTarget: Int? = nil, hardCap: Bool, targetFixed: Bool = false) {
        targetTicks = Int64((targetSeconds * 90_000).rounded())
        self.declaredTarget = declaredTarget ?? max(1, Int(targetSeconds.rounded(.toNearestOrAwayFromZero)))
        self.hardCap = hardCap
        self.targetFixed = targetFixed
    }

    /// The longest segment that still rounds to at most the declared target (EXTINF rounds
    /// half up, so it must stay below target + 0.5 s).
    var capTicks: Int64 { Int64(declaredTarget) * 90_000 + 45_000 - 1 }
}

public enum CutPlannerError: Error, Equatable, CustomStringConvertible {
    /// The input's GOP is longer than a target duration the operator fixed.
    case gopExceedsTarget(gopTicks: Int64, targetDuration: Int)

    public var description: String {
        switch self {
        case let .gopExceedsTarget(gop, target):
            let seconds = Double(gop) / 90_000
            return "the input's GOP is \(String(format: "%.3f", seconds)) s, longer than the fixed target duration of "
                + "\(target) s: no segment could start with a keyframe and keep EXTINF ≤ \(target). Raise "
                + "--target-duration to at least \(TargetDuration.roundedSeconds(ticks: gop)) or leave it unset"
        }
    }
}

/// The keyframe interval of the input so far, to predict where the next keyframe will be.
struct GOPEstimator: Equatable, Sendable {
    private var lastKeyframe: Int64?
    private var recent: [Int64] = []

    mutating func keyframe(at pts: Int64) {
        if let last = lastKeyframe, pts > last {
            recent.append(pts - last)
            if recent.count > 8 { recent.removeFirst() }
        }
        lastKeyframe = pts
    }

    /// The longest of the recent intervals: predicting the worst keeps segments under a cap.
    var predicted: Int64? { recent.max() }
}
