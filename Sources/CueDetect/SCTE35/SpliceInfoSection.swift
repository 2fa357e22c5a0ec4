/// splice_info_section() (Table 5): one SCTE-35 message, from table_id through CRC_32.
public struct SpliceInfoSection: Equatable, Sendable {
    public static let tableID: UInt8 = 0xFC
    /// splice_command_length value meaning "not given" (legacy encoders).
    public static let unknownCommandLength: UInt16 = 0xFFF

    public var tableID: UInt8
    public var sectionSyntaxIndicator: Bool
    public var privateIndicator: Bool
    /// 0–2 SAP type of the splice point; 3 = not specified.
    public var sapType: UInt8
    public var sectionLength: UInt16
    public var protocolVersion: UInt8
    public var encryptedPacket: Bool
    /// 0 none, 1 DES-ECB, 2 DES-CBC, 3 3DES-EDE3-ECB, 32–63 private (Table 27).
    public var encryptionAlgorithm: UInt8
    /// 33-bit 90 kHz offset to add (mod 2^33) to every pts_time in the section.
    public var ptsAdjustment: UInt64
    public var cwIndex: UInt8
    /// 12 bits; 0xFFF means "all tiers".
    public var tier: UInt16
    public var spliceCommandLength: UInt16
    /// nil when the section is encrypted (the type byte is ciphertext then).
    public var spliceCommandType: UInt8?
    public var command: SpliceCommand
    /// nil when encrypted.
    public var descriptorLoopLength: UInt16?
    public var descriptors: [SpliceDescriptor]
    /// CRC_32 as sent.
    public var crc32: UInt32
    /// Whether CRC_32 matches the section (MPEG-2 CRC over the whole section is 0).
    public var crcOK: Bool
    /// Deviations from the standard that were tolerated while decoding.
    public var warnings: [String]

    /// The command's snake_case name: "splice_null", "splice_schedule", "splice_insert",
    /// "time_signal", "bandwidth_reservation", "private_command" (also "encrypted",
    /// "reserved_0xNN").
    public var commandName: String { command.name }

    public var segmentationDescriptors: [SegmentationDescriptor] {
        descriptors.compactMap {
            if case .segmentation(let descriptor) = $0 { return descriptor }
            return nil
        }
    }

    /// The splice time with pts_adjustment applied (mod 2^33), for splice_insert and
    /// time_signal; nil when the splice is immediate, cancelled or the command has no time.
    public var spliceTimeAdjusted: UInt64? {
        switch command {
        case .timeSignal(let signal):
            return signal.spliceTime.adjusted(by: ptsAdjustment)
        case .spliceInsert(let insert):
            guard !insert.spliceEventCancelIndicator, !insert.spliceImmediate else { return nil }
            return insert.signalledTime?.adjusted(by: ptsAdjustment)
        default:
            return nil
        }
    }
}
