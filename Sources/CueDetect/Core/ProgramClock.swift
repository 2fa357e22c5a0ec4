/// 90 kHz MPEG program time.
///
/// Raw MPEG timestamps are 33-bit and wrap every ~26.5 hours; everything above the
/// demuxer works in *unwrapped* ticks (`Int64`, monotonic across wraps) so that
/// differences and ordering are plain integer arithmetic.
public enum ProgramClock {
    public static let hz: Int64 = 90_000
    public static let wrap: Int64 = 1 << 33
    public static let mask: UInt64 = (1 << 33) - 1

    /// `(a + b) mod 2^33`, as SCTE 35 requires for pts_adjustment.
    public static func add33(_ a: UInt64, _ b: UInt64) -> UInt64 { (a &+ b) & mask }

    /// The unwrapped value of the 33-bit timestamp `raw` that lies nearest to `reference`
    /// (an already unwrapped tick count). Used to place splice times, which may lie up to a
    /// few minutes before or after the packet that carried them.
    public static func unwrap(_ raw: UInt64, near reference: Int64) -> Int64 {
        let r = Int64(raw & mask)
        let base = reference - (reference % wrap + wrap) % wrap
        var best = base + r
        for candidate in [base + r - wrap, base + r + wrap] where abs(candidate - reference) < abs(best - reference) {
            best = candidate
        }
        return best
    }

    public static func seconds(_ ticks: Int64) -> Double { Double(ticks) / Double(hz) }
    public static func ticks(seconds: Double) -> Int64 { Int64((seconds * Double(hz)).rounded()) }
}

/// Turns a stream of 33-bit timestamps into monotonic unwrapped ticks. A forward jump
/// across the 2^33 boundary adds one wrap; small backward steps (B-frame reordering,
/// interleaving) stay in the current wrap.
public struct TimestampUnwrapper: Sendable {
    private var last: Int64?

    public init() {}

    public mutating func unwrap(_ raw: UInt64) -> Int64 {
        guard let last else {
            let value = Int64(raw & ProgramClock.mask)
            self.last = value
            return value
        }
        let value = ProgramClock.unwrap(raw, near: last)
        self.last = max(last, value)
        return value
    }

    public var latest: Int64? { last }
}
