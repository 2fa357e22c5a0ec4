import Primitives

/// The media clock's cut rule (docs/redundancy.md). Segments follow a fixed grid of `step` on the
/// primary timeline, which under the media clock is UTC in 90 kHz ticks (input PTS + origin):
/// every cell yields exactly one segment, so a segment's number is its cell and two instances
/// reading the same media number it alike, whenever each started.
/// - A regular cut falls at the first keyframe of each new cell.
/// - A span edge is always cut at its keyframe, and takes the nearest grid boundary instead of
///   adding a segment: one in the first half of a cell moves that cell's boundary forward to
///   itself (the cell's first keyframe is not cut; cues arrive before their splice, so the edge
///   is known by then), one in the second half takes the next cell's boundary (the next cell's
///   first keyframe is not cut). Segments then run between about half a step and one and a half.
/// - A cell that passes without a keyframe (an IDR lost in transit) ends at a cut without one,
///   so the numbers never fall behind the cells.
/// Two edges in the second half of one cell leave the numbers two ahead; the segment after them
/// runs until its cell catches up, or to the live cap. That is reported.
public struct CutGrid: Equatable, Sendable {
    public let stepTicks: Int64
    /// UTC ticks of input PTS 0: the primary timeline is input + origin.
    public let originTicks: Int64
    /// Number of the open primary segment (nil before the first).
    public private(set) var current: Int64?
    private var notes: [String] = []

    public init(stepTicks: Int64, originTicks: Int64) {
        self.stepTicks = max(1, stepTicks)
        self.originTicks = originTicks
    }

    /// The cell (segment number) a primary-timeline tick lies in.
    public func cell(_ primaryTicks: Int64) -> Int64 { ISO8601Text.floorDivide(primaryTicks, stepTicks) }

    /// The first segment opens at `primaryTicks`: its number is its cell.
    mutating func start(at primaryTicks: Int64) { current = cell(primaryTicks) }

    /// Whether a keyframe that does not change the route starts the next cell's segment.
    /// - edges: primary ticks of the span edges known ahead;
    /// - segmentStart: where the open primary segment began (an edge is only let take this
    ///   boundary while the segment it lengthens stays within `capTicks`).
    func cutsRegularly(atKeyframe primaryTicks: Int64, edges: [Int64], segmentStart: Int64?, capTicks: Int64) -> Bool {
        guard let current else { return false }
        let c = cell(primaryTicks)
        guard c > current else { return false }
        guard c == current + 1, let start = segmentStart else { return true }
        let half = c * stepTicks + stepTicks / 2
        return !edges.contains { $0 > primaryTicks && $0 <= half && $0 - start <= capTicks }
    }

    /// Whether an instance's first keyframe must not open its first segment: a span edge still
    /// to come in the first half of the keyframe's cell takes that cell's boundary (see
    /// `cutsRegularly`), so a partner that was running starts the cell's segment at the edge.
    func defersStart(atKeyframe primaryTicks: Int64, edges: [Int64]) -> Bool {
        let c = cell(primaryTicks)
        let half = c * stepTicks + stepTicks / 2
        return edges.contains { $0 > primaryTicks && $0 <= half }
    }

    /// Whether a frame that is not a keyframe must be cut at: a whole cell went by without one.
    func cutsWithoutKeyframe(at primaryTicks: Int64) -> Bool {
        current.map { cell(primaryTicks) >= $0 + 2 } ?? false
    }

    /// A cut was made at `primaryTicks`: the segment it opens takes the next number.
    mutating func advance(at primaryTicks: Int64, edge: Bool) {
        guard let c = current else { return }
        current = c + 1
        let ahead = c + 1 - cell(primaryTicks)
        if edge, ahead >= 2 {
            notes.append("two span edges in the second half of grid cell \(cell(primaryTicks)): segment \(c + 1) "
                          + "runs until cell \(c + 1) begins (or to the target duration)")
        }
    }

    /// A grid cell must hold a keyframe, or every cell would need a cut without one.
    func check(gopTicks: Int64?) throws {
        guard let gop = gopTicks, gop > stepTicks else { return }
        throw CutGridError.gopLongerThanStep(gopTicks: gop, stepTicks: stepTicks)
    }

    /// What happened that an operator should hear about (taken once).
    mutating func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }
}

public enum CutGridError: Error, Equatable, CustomStringConvertible {
    case gopLongerThanStep(gopTicks: Int64, stepTicks: Int64)

    public var description: String {
        switch self {
        case let .gopLongerThanStep(gop, step):
            return "the input's GOP is \(String(format: "%.3f", Double(gop) / 90_000)) s, longer than the media clock's grid step of "
                + "\(String(format: "%.3f", Double(step) / 90_000)) s: every grid cell needs a keyframe. Raise --segment-duration "
                + "to a multiple of the GOP (docs/redundancy.md)"
        }
    }
}
