import Primitives

/// break_duration() (Table 15): how long a break lasts and whether the splicer returns by itself.
public struct BreakDuration: Equatable, Sendable {
    /// 1: return to the network when `duration` ends; 0: an IN splice_insert is expected and
    /// `duration` is only a backup.
    public var autoReturn: Bool
    /// 90 kHz ticks (33 bits).
    public var duration: UInt64

    public init(autoReturn: Bool, duration: UInt64) {
        self.autoReturn = autoReturn
        self.duration = duration
    }

    static func decode(_ reader: inout BitReader) throws -> BreakDuration {
        let autoReturn = try reader.flag("auto_return")
        try reader.skip(bits: 6, "break_duration reserved")
        return BreakDuration(autoReturn: autoReturn, duration: try reader.bits(33, "duration"))
    }
}
