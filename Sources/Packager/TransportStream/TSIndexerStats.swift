/// Counters of one indexing run, for logs and tests.
public struct TSIndexerStats: Equatable, Sendable {
    public var bytes: Int64 = 0
    public var packets: Int64 = 0
    /// Places where the next packet was not 188 bytes after the previous one.
    public var syncLosses = 0
    /// Packets of an elementary stream whose continuity_counter skipped without the adaptation
    /// field's discontinuity_indicator: packets lost (UDP) or damaged on the way.
    public var continuityErrors = 0
    /// Packets with transport_error_indicator set: a demodulator or gateway upstream found
    /// errors it could not correct in them (they are read on as they are).
    public var transportErrors = 0
    public var units = 0
    /// Bytes of a packet left incomplete at `finish()` (a truncated input).
    public var truncatedBytes = 0

    public init() {}
}
