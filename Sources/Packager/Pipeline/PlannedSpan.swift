/// A routed span as the cut planner tracks it: its edges, its nested spans, and how far
/// cutting has got.
struct PlannedSpan: Equatable, Sendable {
    struct Child: Equatable, Sendable {
        var key: Int
        var start: Int64
        var end: Int64?

        func contains(_ ticks: Int64) -> Bool { start <= ticks && (end.map { ticks < $0 } ?? true) }
    }

    var key: Int
    var start: Int64
    var end: Int64?
    var placement: Placement
    var children: [Child] = []
    /// Input PTS of the keyframe its media starts at.
    var cutIn: Int64?
    var done = false
    var skipped = false
    /// Pieces opened so far; the open one.
    var pieces = 0
    var openPiece: AssetKey?

    init(key: Int, start: Int64, placement: Placement) {
        self.key = key
        self.start = start
        self.placement = placement
    }

    /// The nested span whose piece the frame at `ticks` belongs to (the latest-starting one that
    /// contains it), or nil for the span's own media.
    func owner(at ticks: Int64) -> Int? {
        children.filter { $0.contains(ticks) }.max { ($0.start, $0.key) < ($1.start, $1.key) }?.key
    }

    mutating func endChild(_ key: Int, at ticks: Int64) {
        guard let index = children.firstIndex(where: { $0.key == key }) else { return }
        children[index].end = ticks
    }
}
