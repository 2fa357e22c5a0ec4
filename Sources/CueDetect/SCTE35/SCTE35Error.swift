import Primitives

/// Why a splice_info_section could not be decoded. Every case names the byte offset (from
/// table_id) where the problem was found.
public enum SCTE35Error: Error, Equatable, CustomStringConvertible {
    /// A field runs past the end of the section or of the structure that contains it.
    case truncated(field: String, byteOffset: Int, neededBits: Int, availableBits: Int)
    case notASpliceInfoSection(tableID: UInt8)
    case unsupportedProtocolVersion(UInt8, byteOffset: Int)
    /// section_length promises more bytes than were given.
    case sectionLongerThanData(declaredTotal: Int, available: Int)
    /// splice_command_length 0xFFF with a command whose length cannot be derived from its syntax.
    case commandLengthUnknown(commandType: UInt8, byteOffset: Int)
    case malformedDescriptor(tag: UInt8, byteOffset: Int, reason: String)
    case malformedUPID(type: UInt8, byteOffset: Int, reason: String)

    init(_ error: BitReaderError) {
        self = .truncated(field: error.field, byteOffset: error.byteOffset,
                          neededBits: error.neededBits, availableBits: error.availableBits)
    }

    public var byteOffset: Int {
        switch self {
        case .truncated(_, let offset, _, _), .unsupportedProtocolVersion(_, let offset),
             .commandLengthUnknown(_, let offset), .malformedDescriptor(_, let offset, _),
             .malformedUPID(_, let offset, _):
            return offset
        case .notASpliceInfoSection: return 0
        case .sectionLongerThanData(_, let available): return available
        }
    }

    public var description: String {
        switch self {
        case let .truncated(field, offset, needed, available):
            return "SCTE-35: \(field) at byte \(offset) needs \(needed) bits but only \(available) remain; the section is truncated or a length field is wrong"
        case .notASpliceInfoSection(let tableID):
            return "SCTE-35: table_id at byte 0 is \(HexText.prefixed(UInt64(tableID), digits: 2)), expected 0xfc; this is not a splice_info_section"
        case let .unsupportedProtocolVersion(version, offset):
            return "SCTE-35: protocol_version at byte \(offset) is \(version); only version 0 is defined, so the section is ignored"
        case let .sectionLongerThanData(declared, available):
            return "SCTE-35: section_length says the section is \(declared) bytes but only \(available) were given"
        case let .commandLengthUnknown(type, offset):
            return "SCTE-35: splice_command_length is 0xFFF (unknown) at byte \(offset) and command type \(HexText.prefixed(UInt64(type), digits: 2)) has no self-delimiting syntax"
        case let .malformedDescriptor(tag, offset, reason):
            return "SCTE-35: splice descriptor tag \(HexText.prefixed(UInt64(tag), digits: 2)) at byte \(offset): \(reason)"
        case let .malformedUPID(type, offset, reason):
            return "SCTE-35: segmentation_upid type \(HexText.prefixed(UInt64(type), digits: 2)) at byte \(offset): \(reason)"
        }
    }
}
