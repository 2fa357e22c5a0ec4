/// The primary's segment boundaries, for X-SNAP: a transition snaps to the nearer boundary
/// of the segment that holds it (HLS D.2). The arithmetic follows hls.js
/// (`getSnapToFragmentTime`, `fragmentRefCoversTime`): the start of the segment when the
/// time is in its first half and not within 25 ms of its end, else its end; no snap when no
/// segment covers the time (25 ms either side).
public struct SegmentGrid: Equatable, Sendable {
    /// Segment durations in playlist order (nanoseconds).
    public let durations: [Int64]
    private let starts: [Int64]

    static let alignedEndTolerance: Int64 = 25_000_000

    public init(durations: [Int64]) {
        self.durations = durations
        var starts: [Int64] = []
        starts.reserveCapacity(durations.count)
        var position: Int64 = 0
        for duration in durations {
            starts.append(position)
            position = position.saturatingAdding(max(0, duration))
        }
        self.starts = starts
    }

    /// Index of the segment with start <= time < end (binary search); nil outside.
    func segment(containing time: Int64) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= time { low = mid + 1 } else { high = mid }
        }
        let index = low - 1
        guard index >= 0, time < starts[index].saturatingAdding(durations[index]) else { return nil }
        return index
    }

    /// `time` moved to the nearer boundary of the segment holding it; unchanged when none does.
    func snap(_ time: Int64) -> Int64 {
        guard let index = segment(containing: time) else { return time }
        let start = starts[index], duration = durations[index]
        let end = start.saturatingAdding(duration)
        let tolerance = Self.alignedEndTolerance
        guard time > start - tolerance, time < end.saturatingAdding(tolerance) else { return time }
        let inFirstHalf = time - start < duration / 2
        let atEnd = abs(time.saturatingSubtracting(end)) < tolerance
        return inFirstHalf && !atEnd ? start : end
    }
}
