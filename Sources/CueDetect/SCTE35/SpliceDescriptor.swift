import Primitives

/// A splice_descriptor() from the section's descriptor loop (Table 16/17).
public enum SpliceDescriptor: Equatable, Sendable {
    case avail(AvailDescriptor)
    case dtmf(DTMFDescriptor)
    case segmentation(SegmentationDescriptor)
    case time(TimeDescriptor)
    case audio(AudioDescriptor)
    /// A reserved tag, a private (non-`CUEI`) identifier, or a descriptor too short to hold an
    /// identifier (then `identifier` is nil); bytes after the identifier kept as sent.
    case unknown(tag: UInt8, identifier: UInt32?, bytes: [UInt8])

    /// "CUEI", the identifier of every SCTE-defined descriptor.
    public static let cueIdentifier: UInt32 = 0x4355_4549

    public var tag: UInt8 {
        switch self {
        case .avail: return 0x00
        case .dtmf: return 0x01
        case .segmentation: return 0x02
        case .time: return 0x03
        case .audio: return 0x04
        case .unknown(let tag, _, _): return tag
        }
    }

    /// Decodes the descriptor loop: `reader` is limited to descriptor_loop_length bytes.
    static func decodeLoop(_ reader: inout BitReader, warnings: inout [String]) throws -> [SpliceDescriptor] {
        var descriptors: [SpliceDescriptor] = []
        while !reader.isAtEnd {
            let start = reader.byteOffset
            let tag = try reader.uint8("splice_descriptor_tag")
            let length = Int(try reader.uint8("descriptor_length"))
            var body = try reader.take(bytes: length, "splice_descriptor body")
            do {
                descriptors.append(try decodeBody(tag: tag, length: length, body: &body, warnings: &warnings))
            } catch let error as BitReaderError {
                throw SCTE35Error.malformedDescriptor(
                    tag: tag, byteOffset: error.byteOffset,
                    reason: "descriptor at byte \(start) with length \(length) is too short for \(error.field)")
            }
            if !body.isAtEnd {
                warnings.append("splice descriptor tag \(HexText.prefixed(UInt64(tag), digits: 2)) at byte \(start) has \(body.remainingBytes) unused bytes")
            }
        }
        return descriptors
    }

    private static func decodeBody(tag: UInt8, length: Int, body: inout BitReader,
                                   warnings: inout [String]) throws -> SpliceDescriptor {
        guard length >= 4 else {
            warnings.append("splice descriptor tag \(HexText.prefixed(UInt64(tag), digits: 2)) has length \(length), too short for its identifier")
            return .unknown(tag: tag, identifier: nil, bytes: try body.remainingByteArray("descriptor bytes"))
        }
        let identifier = try body.uint32("identifier")
        guard identifier == cueIdentifier else {
            return .unknown(tag: tag, identifier: identifier, bytes: try body.remainingByteArray("private descriptor bytes"))
        }
        switch tag {
        case 0x00: return .avail(try AvailDescriptor.decode(&body))
        case 0x01: return .dtmf(try DTMFDescriptor.decode(&body))
        case 0x02: return .segmentation(try SegmentationDescriptor.decode(&body, warnings: &warnings))
        case 0x03: return .time(try TimeDescriptor.decode(&body))
        case 0x04: return .audio(try AudioDescriptor.decode(&body))
        default: return .unknown(tag: tag, identifier: identifier, bytes: try body.remainingByteArray("reserved descriptor bytes"))
        }
    }
}
