import Primitives

/// time_descriptor() (tag 0x03, Table 25): the TAI wall-clock time of the splice, for systems
/// that carry PTP time alongside the video.
public struct TimeDescriptor: Equatable, Sendable {
    public var taiSeconds: UInt64
    public var taiNanoseconds: UInt32
    /// TAI − UTC in seconds; UTC = TAI − utcOffset.
    public var utcOffset: UInt16

    public init(taiSeconds: UInt64, taiNanoseconds: UInt32, utcOffset: UInt16) {
        self.taiSeconds = taiSeconds
        self.taiNanoseconds = taiNanoseconds
        self.utcOffset = utcOffset
    }

    static func decode(_ reader: inout BitReader) throws -> TimeDescriptor {
        TimeDescriptor(taiSeconds: try reader.bits(48, "TAI_seconds"),
                       taiNanoseconds: try reader.uint32("TAI_ns"),
                       utcOffset: try reader.uint16("UTC_offset"))
    }
}
