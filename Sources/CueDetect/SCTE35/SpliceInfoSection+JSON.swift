import Primitives

extension SpliceInfoSection {
    /// The whole section as JSON, field names after threefive's (`info_section`, `command`,
    /// `descriptors`), plus `crc_ok` and `warnings`. Times are given in seconds (6 decimals)
    /// and, under `…_ticks`, in exact 90 kHz ticks.
    public var jsonValue: JSONValue {
        .fields([
            ("info_section", infoSectionJSON),
            ("command", command.jsonValue),
            ("descriptors", .array(descriptors.map(\.jsonValue))),
            ("splice_time_adjusted_ticks", spliceTimeAdjusted.map { .integer($0) }),
            ("crc_ok", .bool(crcOK)),
            ("warnings", .array(warnings.map { .string($0) })),
        ])
    }

    private var infoSectionJSON: JSONValue {
        .fields([
            ("table_id", .hex(tableID, digits: 2)),
            ("section_syntax_indicator", .bool(sectionSyntaxIndicator)),
            ("private", .bool(privateIndicator)),
            ("sap_type", .hex(sapType, digits: 2)),
            ("sap_details", .string(SpliceInfoSection.sapDetails(sapType))),
            ("section_length", .integer(sectionLength)),
            ("protocol_version", .integer(protocolVersion)),
            ("encrypted_packet", .bool(encryptedPacket)),
            ("encryption_algorithm", .integer(encryptionAlgorithm)),
            ("pts_adjustment", .seconds(ticks: ptsAdjustment)),
            ("pts_adjustment_ticks", .integer(ptsAdjustment)),
            ("cw_index", .hex(cwIndex, digits: 2)),
            ("tier", .hex(tier, digits: 4)),
            ("splice_command_length", .integer(spliceCommandLength)),
            ("splice_command_type", spliceCommandType.map { .integer($0) }),
            ("descriptor_loop_length", descriptorLoopLength.map { .integer($0) }),
            ("crc", .hex(crc32, digits: 8)),
        ])
    }

    static func sapDetails(_ sapType: UInt8) -> String {
        switch sapType {
        case 0: return "Type 1 Closed GOP with no leading pictures"
        case 1: return "Type 2 Closed GOP with leading pictures"
        case 2: return "Type 3 Open GOP"
        default: return "No Sap Type"
        }
    }
}
