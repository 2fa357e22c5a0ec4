/// BANDWIDTH and AVERAGE-BANDWIDTH of a variant, fed one segment at a time (HLS §4.4.6.2).
///
/// BANDWIDTH is the peak segment bit rate: the highest bit rate of any run of contiguous
/// segments lasting between 0.5 and 1.5 target durations. Measuring runs instead of single
/// segments keeps a short segment cut at a span edge (a few frames, one big IDR) from
/// inflating the peak. Without a target duration every single segment is a run.
/// Rates are bits per second, rounded up, computed exactly in integers.
public struct BandwidthMeter: Codable, Equatable, Sendable {
    private struct Entry: Codable, Equatable, Sendable {
        var bytes: Int64
        var ticks: Int64
    }

    public let targetDuration: Int?
    public private(set) var totalBytes: Int64 = 0
    public private(set) var totalTicks: Int64 = 0
    private var peakOfRuns: Int?
    /// The newest segments that can still be part of a run ending at a later segment.
    private var recent: [Entry] = []

    public init(targetDuration: Int? = nil) {
        self.targetDuration = targetDuration
    }

    public mutating func add(bytes: Int, durationTicks: Int64) {
        let entry = Entry(bytes: Int64(max(0, bytes)), ticks: max(0, durationTicks))
        totalBytes += entry.bytes
        totalTicks += entry.ticks
        guard let targetDuration else {
            if entry.ticks > 0 { record(BandwidthMeter.bitsPerSecond(bytes: entry.bytes, ticks: entry.ticks)) }
            return
        }
        recent.append(entry)
        let target = Int64(targetDuration) * 90_000
        let shortest = target / 2, longest = target + target / 2
        var runBytes: Int64 = 0, runTicks: Int64 = 0
        for older in recent.reversed() {
            runBytes += older.bytes
            runTicks += older.ticks
            if runTicks > longest { break }
            if runTicks >= shortest, runTicks > 0 {
                record(BandwidthMeter.bitsPerSecond(bytes: runBytes, ticks: runTicks))
            }
        }
        while recent.count > 1, recent.dropFirst().reduce(0, { $0 + $1.ticks }) > longest {
            recent.removeFirst()
        }
    }

    private mutating func record(_ rate: Int) {
        peakOfRuns = max(peakOfRuns ?? 0, rate)
    }

    public mutating func add(_ segment: SegmentRecord) {
        add(bytes: segment.bytes, durationTicks: segment.durationTicks)
    }

    /// Peak segment bit rate; until some run is long enough, the rate of everything so far.
    public var peak: Int { peakOfRuns ?? average }

    /// Total bits over total seconds.
    public var average: Int {
        totalTicks > 0 ? BandwidthMeter.bitsPerSecond(bytes: totalBytes, ticks: totalTicks) : 0
    }

    /// ceil(bytes × 8 × 90000 / ticks) without overflow; saturates at Int.max.
    static func bitsPerSecond(bytes: Int64, ticks: Int64) -> Int {
        let product = UInt64(bytes * 8).multipliedFullWidth(by: 90_000)
        let divisor = UInt64(ticks)
        guard product.high < divisor else { return Int.max }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        let rounded = remainder == 0 ? quotient : quotient + 1
        return rounded > UInt64(Int.max) ? Int.max : Int(rounded)
    }
}
