/// Where a packet or segment belongs.
public enum OutputTarget: Hashable, Sendable, Codable {
    case primary
    /// One asset cut from a routed span: piece 0 is the span's first stretch; a break that
    /// holds ads has one piece per ad (and per stretch between them).
    case asset(AssetKey)
}

public struct AssetKey: Hashable, Sendable, Codable {
    /// The routed span's key.
    public var span: Int
    public var piece: Int
    /// The nested span this piece carries (nil: the routed span's own media around them).
    public var owner: Int?

    public init(span: Int, piece: Int, owner: Int? = nil) {
        self.span = span
        self.piece = piece
        self.owner = owner
    }
}

/// A segment boundary of one output, on that output's own timeline (the primary's is the input's
/// minus what strip placement removed; an asset's is the input's).
public struct SegmentEdge: Equatable, Sendable {
    public var target: OutputTarget
    public var ticks: Int64
    /// For a closing edge: the output ends here (an asset piece, or the primary at the end).
    public var isLast: Bool

    public init(target: OutputTarget, ticks: Int64, isLast: Bool = false) {
        self.target = target
        self.ticks = ticks
        self.isLast = isLast
    }
}

extension Array where Element == SegmentEdge {
    /// The primary's edge, then the others in their order: an overlay asset that mirrors the
    /// primary (both assemblers) finds the primary's segment closed, or opened, before its own.
    var primaryFirst: [SegmentEdge] {
        filter { $0.target == .primary } + filter { $0.target != .primary }
    }
}

/// One cut the planner decided: segments that end and begin at the video frame whose PTS is
/// `at`. After it, packets go to the outputs it opens; the primary's are shifted by `shift`.
public struct Cut: Equatable, Sendable {
    /// Input PTS of the first frame after the cut; audio is placed by its PTS against it.
    public var at: Int64
    public var closes: [SegmentEdge]
    public var opens: [SegmentEdge]
    /// Ticks removed from the primary so far (strip placement), for packets from `at` on.
    public var shift: Int64
    /// What this cut did to spans (and anything noted since the previous cut), to be reported
    /// once the cut is applied — after the segments it closes.
    public var records: [CutRecord] = []
}

/// What the planner reports about spans and the cut rule as it applies cuts (the leader
/// rendition's records are what presentations and reports describe).
public enum CutRecord: Equatable, Sendable {
    /// A routed span's media starts at `inputTicks`; on the primary it sits at `primaryTicks`.
    case spanIn(key: Int, inputTicks: Int64, primaryTicks: Int64)
    /// A piece of a routed span begins (its key names the nested span it carries, if any).
    case pieceIn(AssetKey, inputTicks: Int64)
    /// The piece ended at `inputTicks`.
    case pieceOut(AssetKey, inputTicks: Int64)
    /// A routed span's media ended; `primaryTicks` is where the primary resumes.
    case spanOut(key: Int, inputTicks: Int64, primaryTicks: Int64)
    /// A routed span that got no media.
    case skipped(key: Int, reason: String)
    /// The EXT-X-TARGETDURATION every segment keeps to, fixed when the first segment closed.
    case targetDuration(Int)
    /// A GOP longer than the live target: the segment was cut at a frame that is not a keyframe.
    case cutWithoutKeyframe(inputTicks: Int64, gopTicks: Int64, targetDuration: Int)
}
