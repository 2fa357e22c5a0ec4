import Primitives

/// DTMF_descriptor() (tag 0x01, Table 18): tones a receiver should play, and how far ahead
/// of the splice (preroll, tenths of a second).
public struct DTMFDescriptor: Equatable, Sendable {
    public var preroll: UInt8
    /// The DTMF characters as sent (ASCII "0"–"9", "*", "#").
    public var dtmfChars: [UInt8]

    public init(preroll: UInt8, dtmfChars: [UInt8]) {
        self.preroll = preroll
        self.dtmfChars = dtmfChars
    }

    public var dtmfText: String { String(decoding: dtmfChars, as: UTF8.self) }

    static func decode(_ reader: inout BitReader) throws -> DTMFDescriptor {
        let preroll = try reader.uint8("preroll")
        let count = Int(try reader.bits(3, "dtmf_count"))
        try reader.skip(bits: 5, "DTMF_descriptor reserved")
        return DTMFDescriptor(preroll: preroll, dtmfChars: try reader.bytes(count, "DTMF_char"))
    }
}
