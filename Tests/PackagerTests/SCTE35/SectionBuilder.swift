@testable import CueDetect
import Primitives

/// Builds a splice_info_section from a command and descriptors, filling in section_length,
/// splice_command_length, descriptor_loop_length and CRC_32 (unless told otherwise).
struct SectionBuilder {
    var sapType: UInt64 = 3
    var ptsAdjustment: UInt64 = 0
    var tier: UInt64 = 0xFFF
    var cwIndex: UInt64 = 0xFF
    var encryptedPacket = false
    var encryptionAlgorithm: UInt64 = 0
    var commandType: UInt8 = 0
    var command: [UInt8] = []
    var descriptors: [[UInt8]] = []
    /// Overrides the computed splice_command_length (e.g. 0xFFF).
    var commandLengthOverride: UInt64?
    /// Bytes placed after the descriptor loop (alignment stuffing / E_CRC_32 when encrypted).
    var trailer: [UInt8] = []

    func build() -> [UInt8] {
        var body = BitWriter()
        body.put(0, bits: 8)                                   // protocol_version
        body.flag(encryptedPacket)
        body.put(encryptionAlgorithm, bits: 6)
        body.put(ptsAdjustment, bits: 33)
        body.put(cwIndex, bits: 8)
        body.put(tier, bits: 12)
        body.put(commandLengthOverride ?? UInt64(command.count), bits: 12)
        body.put(UInt64(commandType), bits: 8)
        body.append(command)
        let loop = descriptors.flatMap { $0 }
        body.put(UInt64(loop.count), bits: 16)
        body.append(loop)
        body.append(trailer)

        var header = BitWriter()
        header.put(0xFC, bits: 8)
        header.flag(false)
        header.flag(false)
        header.put(sapType, bits: 2)
        header.put(UInt64(body.bytes.count + 4), bits: 12)
        let withoutCRC = header.bytes + body.bytes
        var crc = BitWriter()
        crc.put(UInt64(CRC32MPEG2.checksum(withoutCRC)), bits: 32)
        return withoutCRC + crc.bytes
    }

    /// A splice descriptor: tag, length, identifier (CUEI unless given), body.
    static func descriptor(tag: UInt8, identifier: UInt32 = 0x4355_4549, body: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.put(UInt64(identifier), bits: 32)
        writer.append(body)
        return [tag, UInt8(writer.bytes.count)] + writer.bytes
    }

    static func spliceTime(_ pts: UInt64?) -> [UInt8] {
        var writer = BitWriter()
        writer.flag(pts != nil)
        if let pts {
            writer.reserved(6)
            writer.put(pts, bits: 33)
        } else {
            writer.reserved(7)
        }
        return writer.bytes
    }

    /// A segmentation descriptor body (after the identifier) in program mode.
    static func segmentationBody(eventID: UInt32, duration: UInt64?, upidType: UInt8, upid: [UInt8],
                                 typeID: UInt8, segmentNum: UInt8 = 1, segmentsExpected: UInt8 = 1,
                                 subSegments: (UInt8, UInt8)? = nil) -> [UInt8] {
        var writer = BitWriter()
        writer.put(UInt64(eventID), bits: 32)
        writer.flag(false)
        writer.reserved(7)
        writer.flag(true)                 // program_segmentation_flag
        writer.flag(duration != nil)
        writer.flag(true)                 // delivery_not_restricted_flag
        writer.reserved(5)
        if let duration { writer.put(duration, bits: 40) }
        writer.put(UInt64(upidType), bits: 8)
        writer.put(UInt64(upid.count), bits: 8)
        writer.append(upid)
        writer.append([typeID, segmentNum, segmentsExpected])
        if let subSegments { writer.append([subSegments.0, subSegments.1]) }
        return writer.bytes
    }
}
