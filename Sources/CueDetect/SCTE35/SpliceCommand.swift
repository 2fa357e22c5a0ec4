import Primitives

/// The splice command a section carries (Table 7), keyed by splice_command_type.
public enum SpliceCommand: Equatable, Sendable {
    case spliceNull
    case spliceSchedule(SpliceSchedule)
    case spliceInsert(SpliceInsert)
    case timeSignal(TimeSignal)
    case bandwidthReservation
    case privateCommand(PrivateCommand)
    /// A reserved command type; its bytes are kept as sent.
    case unknown(type: UInt8, bytes: [UInt8])
    /// encrypted_packet is set: everything from splice_command_type up to (not including)
    /// CRC_32 is ciphertext that we do not decrypt. The type byte is ciphertext too.
    case encrypted(bytes: [UInt8])

    public static let nullType: UInt8 = 0x00
    public static let scheduleType: UInt8 = 0x04
    public static let insertType: UInt8 = 0x05
    public static let timeSignalType: UInt8 = 0x06
    public static let bandwidthReservationType: UInt8 = 0x07
    public static let privateType: UInt8 = 0xFF

    /// The snake_case command name used in logs and JSON ("encrypted", "reserved_0x02" too).
    public var name: String {
        switch self {
        case .spliceNull: return "splice_null"
        case .spliceSchedule: return "splice_schedule"
        case .spliceInsert: return "splice_insert"
        case .timeSignal: return "time_signal"
        case .bandwidthReservation: return "bandwidth_reservation"
        case .privateCommand: return "private_command"
        case .unknown(let type, _): return "reserved_" + HexText.prefixed(UInt64(type), digits: 2)
        case .encrypted: return "encrypted"
        }
    }

    /// Whether the command's own syntax says where it ends, which matters when
    /// splice_command_length is the legacy 0xFFF.
    static func isSelfDelimiting(_ type: UInt8) -> Bool {
        [nullType, scheduleType, insertType, timeSignalType, bandwidthReservationType].contains(type)
    }

    /// Decodes a command of `type` from `reader`, which is limited to the command's bytes when
    /// their length is known. Reserved and private commands need that limit.
    static func decode(type: UInt8, from reader: inout BitReader) throws -> SpliceCommand {
        switch type {
        case nullType: return .spliceNull
        case scheduleType: return .spliceSchedule(try SpliceSchedule.decode(&reader))
        case insertType: return .spliceInsert(try SpliceInsert.decode(&reader))
        case timeSignalType: return .timeSignal(try TimeSignal.decode(&reader))
        case bandwidthReservationType: return .bandwidthReservation
        case privateType: return .privateCommand(try PrivateCommand.decode(&reader))
        default: return .unknown(type: type, bytes: try reader.remainingByteArray("reserved command bytes"))
        }
    }
}
