/// Exponential backoff with optional deterministic jitter.
///
/// Jitter is derived from a seed (the item's sequence number) and the attempt, not from a
/// random generator, so a run can be reproduced and tests can assert exact delays.
public struct RetryBackoff: Equatable, Codable, Sendable {
    /// Delay before the second attempt, in seconds.
    public var base: Double
    /// Upper bound of any delay, in seconds.
    public var maximum: Double
    /// Fraction (0…1) of the delay that may be shaved off to spread retries of many channels.
    public var jitter: Double

    public init(base: Double = 0.25, maximum: Double = 4, jitter: Double = 0.2) {
        self.base = max(0, base)
        self.maximum = max(0, maximum)
        self.jitter = min(1, max(0, jitter))
    }

    /// The wait after failed attempt number `attempt` (1-based).
    public func delay(afterAttempt attempt: Int, seed: UInt64) -> Double {
        let exponent = Double(min(max(attempt, 1) - 1, 62))
        let raw = min(maximum, base * pow2(exponent))
        guard jitter > 0 else { return raw }
        return raw * (1 - jitter * unitFraction(seed: seed, attempt: UInt64(max(attempt, 1))))
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        var remaining = Int(exponent)
        while remaining > 0 && value < 1e12 { value *= 2; remaining -= 1 }
        return value
    }

    /// SplitMix64 of (seed, attempt) mapped to [0, 1).
    private func unitFraction(seed: UInt64, attempt: UInt64) -> Double {
        var z = seed &+ attempt &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(UInt64(1) << 53)
    }
}
