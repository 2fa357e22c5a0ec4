import Primitives

/// An ATSC content_identifier UPID (type 0x0B, ATSC A/57B): transport stream id, validity
/// window and a content id string.
public struct ATSCContentIdentifier: Equatable, Sendable {
    /// The UPID bytes as sent.
    public var bytes: [UInt8]
    public var tsid: UInt16
    /// Hour (0–23) after which the id stops being unique, UTC.
    public var endOfDay: UInt8
    /// Number of days the id stays unique.
    public var uniqueFor: UInt16
    public var contentID: [UInt8]

    /// Parses the UPID bytes; they must hold at least the 4-byte fixed part.
    public init(bytes: [UInt8]) throws {
        var reader = BitReader(bytes)
        self.bytes = bytes
        tsid = try reader.uint16("ATSC TSID")
        try reader.skip(bits: 2, "ATSC reserved")
        endOfDay = UInt8(try reader.bits(5, "ATSC end_of_day"))
        uniqueFor = UInt16(try reader.bits(9, "ATSC unique_for"))
        contentID = try reader.remainingByteArray("ATSC content_id")
    }
}
