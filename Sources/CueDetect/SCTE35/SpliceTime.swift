import Primitives

/// splice_time() (Table 14): an optional 33-bit 90 kHz PTS. Without a time the splice is
/// immediate (time_signal) or the time is left to the component/program loop.
public struct SpliceTime: Equatable, Sendable {
    /// pts_time as sent, before pts_adjustment; nil when time_specified_flag is 0.
    public var ptsTime: UInt64?

    public init(ptsTime: UInt64?) {
        self.ptsTime = ptsTime
    }

    public var timeSpecified: Bool { ptsTime != nil }

    /// pts_time + pts_adjustment modulo 2^33, the time the splice really happens at.
    public func adjusted(by ptsAdjustment: UInt64) -> UInt64? {
        ptsTime.map { ProgramClock.add33($0, ptsAdjustment) }
    }

    static func decode(_ reader: inout BitReader) throws -> SpliceTime {
        guard try reader.flag("time_specified_flag") else {
            try reader.skip(bits: 7, "splice_time reserved")
            return SpliceTime(ptsTime: nil)
        }
        try reader.skip(bits: 6, "splice_time reserved")
        return SpliceTime(ptsTime: try reader.bits(33, "pts_time"))
    }

    var jsonValue: JSONValue {
        .fields([
            ("time_specified_flag", .bool(timeSpecified)),
            ("pts_time", ptsTime.map { .seconds(ticks: $0) }),
            ("pts_time_ticks", ptsTime.map { .integer($0) }),
        ])
    }
}
