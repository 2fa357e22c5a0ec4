/// Where the input's packets are: back to back every 188 bytes, except after a resync (junk,
/// a truncated packet), recorded here as "after the packet at A, the next one is at B".
/// Shared by the indexer (which appends) and the writer (which walks a unit's packets again).
public final class TSPacketGrid: @unchecked Sendable {
    private(set) var after: [Int64] = []
    private(set) var next: [Int64] = []

    public init() {}

    /// The number of resyncs recorded.
    public var gapCount: Int { after.count }

    func recordGap(after a: Int64, next b: Int64) {
        after.append(a)
        next.append(b)
    }

    /// Index of the first recorded gap whose packet is at or after `offset`.
    func cursor(from offset: Int64) -> Int {
        var lo = 0, hi = after.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if after[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The packet after the one at `offset`; `cursor` (from `cursor(from:)`) moves forward.
    @inline(__always) func step(from offset: Int64, cursor: inout Int) -> Int64 {
        if cursor < after.count, after[cursor] == offset {
            cursor += 1
            return next[cursor - 1]
        }
        return offset + Int64(TSPacketBytes.size)
    }
}
