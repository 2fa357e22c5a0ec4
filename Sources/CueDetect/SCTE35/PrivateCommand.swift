import Primitives

/// private_command() (Table 13): a 32-bit owner identifier (registered like a
/// format_identifier) and opaque bytes.
public struct PrivateCommand: Equatable, Sendable {
    public var identifier: UInt32
    public var privateBytes: [UInt8]

    public init(identifier: UInt32, privateBytes: [UInt8]) {
        self.identifier = identifier
        self.privateBytes = privateBytes
    }

    /// Decodes from a reader limited to exactly the command's bytes.
    static func decode(_ reader: inout BitReader) throws -> PrivateCommand {
        PrivateCommand(identifier: try reader.uint32("private_command identifier"),
                       privateBytes: try reader.remainingByteArray("private_byte"))
    }
}
