import Primitives

extension SegmentationUPID {
    /// Decodes UPID `bytes` of `type`, which started at `byteOffset` in the section. Length
    /// oddities that do not stop decoding become `warnings`.
    static func decode(type: UInt8, bytes: [UInt8], byteOffset: Int, warnings: inout [String]) throws -> SegmentationUPID {
        let name = typeName(type)
        if let expected = fixedLengths[type], expected != bytes.count {
            warnings.append("segmentation_upid type \(HexText.prefixed(UInt64(type), digits: 2)) (\(name)) at byte \(byteOffset) has length \(bytes.count), Table 22 says \(expected)")
        } else if fixedLengths[type] == nil, bytes.isEmpty, type <= 0x11 {
            warnings.append("segmentation_upid type \(HexText.prefixed(UInt64(type), digits: 2)) (\(name)) at byte \(byteOffset) has length 0")
        }
        do {
            return try decodeChecked(type: type, bytes: bytes, byteOffset: byteOffset, warnings: &warnings)
        } catch let error as BitReaderError {
            throw SCTE35Error.malformedUPID(type: type, byteOffset: byteOffset + error.byteOffset,
                                            reason: "\(error.field) needs \(error.neededBits) bits but only \(error.availableBits) remain")
        }
    }

    private static func decodeChecked(type: UInt8, bytes: [UInt8], byteOffset: Int,
                                      warnings: inout [String]) throws -> SegmentationUPID {
        switch type {
        case 0x00: return bytes.isEmpty ? .notUsed : .reserved(type: 0x00, bytes: bytes)
        case 0x01: return .userDefined(bytes)
        case 0x02: return .isci(bytes)
        case 0x03: return .adID(bytes)
        case 0x04: return .umid(bytes)
        case 0x05: return .isan(bytes)
        case 0x06: return .vISAN(bytes)
        case 0x07: return .tid(bytes)
        case 0x08: return .ti(bytes)
        case 0x09: return .adi(bytes)
        case 0x0A: return .eidr(bytes)
        case 0x0B: return .atsc(try ATSCContentIdentifier(bytes: bytes))
        case 0x0C: return .mpu(try ManagedPrivateUPID(bytes: bytes))
        case 0x0D: return .mid(try decodeMID(bytes, byteOffset: byteOffset, warnings: &warnings))
        case 0x0E: return .ads(KeyValueText(bytes: bytes))
        case 0x0F: return .uri(bytes)
        case 0x10: return .uuid(bytes)
        case 0x11: return .scr(KeyValueText(bytes: bytes))
        default: return .reserved(type: type, bytes: bytes)
        }
    }

    /// MID (Table 21 note): {type 8, length 8, bytes} repeated until the outer length is used.
    /// Each part is itself a UPID, so a MID may nest; every level consumes at least two bytes,
    /// which bounds the depth by the 255-byte outer length.
    private static func decodeMID(_ bytes: [UInt8], byteOffset: Int, warnings: inout [String]) throws -> [SegmentationUPID] {
        var reader = BitReader(bytes)
        var parts: [SegmentationUPID] = []
        while !reader.isAtEnd {
            let partType = try reader.uint8("MID segmentation_upid_type")
            let length = Int(try reader.uint8("MID segmentation_upid_length"))
            let partOffset = byteOffset + reader.byteOffset
            let partBytes = try reader.bytes(length, "MID segmentation_upid")
            parts.append(try decode(type: partType, bytes: partBytes, byteOffset: partOffset, warnings: &warnings))
        }
        return parts
    }
}
