import Primitives

extension SpliceInfoSection {
    /// Decodes one splice_info_section starting at `bytes[0]` (table_id). Bytes after
    /// section_length are ignored (TS stuffing). A bad CRC_32 does not stop decoding
    /// (`crcOK` is false); structural errors throw `SCTE35Error`.
    public static func decode(_ bytes: [UInt8]) throws -> SpliceInfoSection {
        do {
            return try decodeFields(bytes)
        } catch let error as BitReaderError {
            throw SCTE35Error(error)
        }
    }

    private static func decodeFields(_ bytes: [UInt8]) throws -> SpliceInfoSection {
        var warnings: [String] = []
        var header = BitReader(bytes)
        let tableID = try header.uint8("table_id")
        guard tableID == Self.tableID else { throw SCTE35Error.notASpliceInfoSection(tableID: tableID) }
        let syntaxIndicator = try header.flag("section_syntax_indicator")
        let privateIndicator = try header.flag("private_indicator")
        let sapType = UInt8(try header.bits(2, "sap_type"))
        let sectionLength = UInt16(try header.bits(12, "section_length"))
        let total = Int(sectionLength) + 3
        guard bytes.count >= total else {
            throw SCTE35Error.sectionLongerThanData(declaredTotal: total, available: bytes.count)
        }
        if bytes.count > total { warnings.append("\(bytes.count - total) bytes after the section's end ignored") }
        if syntaxIndicator { warnings.append("section_syntax_indicator is 1, expected 0") }
        if privateIndicator { warnings.append("private_indicator is 1, expected 0") }
        if sapType == 3 { warnings.append("sap_type 3 (not specified)") }

        let sectionBytes = Array(bytes.prefix(total))
        let crcOK = CRC32MPEG2.checksum(sectionBytes) == 0
        var reader = BitReader(sectionBytes)
        try reader.skip(bits: 24, "section header")
        var body = try reader.take(bytes: total - 3 - 4, "section body")
        let crc32 = try reader.uint32("CRC_32")
        if !crcOK { warnings.append("CRC_32 \(HexText.prefixed(UInt64(crc32), digits: 8)) does not match the section") }

        let versionOffset = body.byteOffset
        let protocolVersion = try body.uint8("protocol_version")
        guard protocolVersion == 0 else { throw SCTE35Error.unsupportedProtocolVersion(protocolVersion, byteOffset: versionOffset) }
        let encrypted = try body.flag("encrypted_packet")
        let algorithm = UInt8(try body.bits(6, "encryption_algorithm"))
        let ptsAdjustment = try body.bits(33, "pts_adjustment")
        let cwIndex = try body.uint8("cw_index")
        let tier = UInt16(try body.bits(12, "tier"))
        let commandLength = UInt16(try body.bits(12, "splice_command_length"))

        var section = SpliceInfoSection(
            tableID: tableID, sectionSyntaxIndicator: syntaxIndicator, privateIndicator: privateIndicator,
            sapType: sapType, sectionLength: sectionLength, protocolVersion: protocolVersion,
            encryptedPacket: encrypted, encryptionAlgorithm: algorithm, ptsAdjustment: ptsAdjustment,
            cwIndex: cwIndex, tier: tier, spliceCommandLength: commandLength, spliceCommandType: nil,
            command: .spliceNull, descriptorLoopLength: nil, descriptors: [], crc32: crc32, crcOK: crcOK,
            warnings: [])
        if encrypted {
            // Command, descriptors, stuffing and E_CRC_32 are ciphertext; keep them as sent.
            section.command = .encrypted(bytes: try body.remainingByteArray("encrypted bytes"))
        } else {
            try decodeCommandAndDescriptors(into: &section, from: &body, warnings: &warnings)
        }
        section.warnings = warnings
        return section
    }

    private static func decodeCommandAndDescriptors(into section: inout SpliceInfoSection, from body: inout BitReader,
                                                    warnings: inout [String]) throws {
        let typeOffset = body.byteOffset
        let type = try body.uint8("splice_command_type")
        section.spliceCommandType = type
        if section.spliceCommandLength == unknownCommandLength {
            guard SpliceCommand.isSelfDelimiting(type) else {
                throw SCTE35Error.commandLengthUnknown(commandType: type, byteOffset: typeOffset)
            }
            warnings.append("splice_command_length is 0xFFF (unknown); command length taken from its syntax")
            section.command = try SpliceCommand.decode(type: type, from: &body)
        } else {
            var commandReader = try body.take(bytes: Int(section.spliceCommandLength), "splice command")
            section.command = try SpliceCommand.decode(type: type, from: &commandReader)
            if !commandReader.isAtEnd {
                warnings.append("\(section.commandName) leaves \(commandReader.remainingBytes) of its \(section.spliceCommandLength) bytes unused")
            }
        }
        let loopLength = try body.uint16("descriptor_loop_length")
        section.descriptorLoopLength = loopLength
        var loop = try body.take(bytes: Int(loopLength), "splice descriptors")
        section.descriptors = try SpliceDescriptor.decodeLoop(&loop, warnings: &warnings)
        if !body.isAtEnd {
            warnings.append("\(body.remainingBytes) bytes between the descriptor loop and CRC_32 ignored")
        }
    }
}
