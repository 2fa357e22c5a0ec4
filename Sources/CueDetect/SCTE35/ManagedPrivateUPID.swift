import Primitives

/// A Managed Private UPID (type 0x0C): a registered 32-bit format_identifier followed by
/// bytes whose meaning that owner defines. The UPID length includes the identifier.
public struct ManagedPrivateUPID: Equatable, Sendable {
    /// The UPID bytes as sent.
    public var bytes: [UInt8]
    public var formatIdentifier: UInt32
    public var privateData: [UInt8]

    /// Parses the UPID bytes; they must hold at least the 4-byte format_identifier.
    public init(bytes: [UInt8]) throws {
        var reader = BitReader(bytes)
        self.bytes = bytes
        formatIdentifier = try reader.uint32("MPU format_identifier")
        privateData = try reader.remainingByteArray("MPU private_data")
    }

    /// The format_identifier as its four ASCII characters when printable (e.g. "ABCD").
    public var formatIdentifierText: String? {
        HexText.printableASCII(Array(bytes.prefix(4)))
    }
}
