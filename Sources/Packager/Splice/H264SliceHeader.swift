import Primitives
import CueDetect

/// One H.264 slice header (§7.3.3) read into a list of syntax elements that can be changed and
/// written back, plus the reference-marking commands it carries. The slice data after it is
/// never parsed: for CABAC it starts byte-aligned, for CAVLC it is copied bit by bit.
struct H264SliceHeader {
    enum Coding: Equatable { case fixed(Int), ue, se }

    struct Element: Equatable {
        var name: String
        var coding: Coding
        var value: Int64
    }

    /// One memory_management_control_operation with its arguments, as elements.
    struct MarkingCommand: Equatable {
        var operation: Int
        var elements: [Element]
        func argument(_ name: String) -> Int64? { elements.first { $0.name == name }?.value }
    }

    var nalHeader: UInt8
    var elements: [Element]
    /// Where in `elements` dec_ref_pic_marking() is, and its commands (adaptive mode).
    var markingRange: Range<Int>
    var commands: [MarkingCommand]
    var sliceType: Int
    let cabac: Bool
    /// The slice's RBSP (header byte first) and the bit where the header ends.
    let rbsp: [UInt8]
    let headerEnd: Int

    var isIDR: Bool { nalHeader & 0x1F == 5 }
    var isReference: Bool { nalHeader & 0x60 != 0 }
    var isIntra: Bool { sliceType % 5 == 2 || sliceType % 5 == 4 }
    func value(_ name: String) -> Int64? { elements.first { $0.name == name }?.value }

    init(unit: ArraySlice<UInt8>, sps: [UInt32: H264SequenceParameters], pps: [UInt32: H264PictureParameters]) throws {
        rbsp = NALUnits.rbsp(unit)
        guard let first = rbsp.first else { throw H264SyntaxError.unsupported("an empty slice") }
        nalHeader = first
        var parser = H264SliceHeaderParser(reader: BitReader(Array(rbsp.dropFirst())), elements: [])
        try parser.ue("first_mb_in_slice")
        sliceType = Int(try parser.ue("slice_type"))
        let ppsID = UInt32(try parser.ue("pic_parameter_set_id"))
        guard let p = pps[ppsID] else { throw H264SyntaxError.missingParameterSet("PPS \(ppsID)") }
        guard let s = sps[p.spsID] else { throw H264SyntaxError.missingParameterSet("SPS \(p.spsID)") }
        cabac = p.cabac
        let (marking, commands) = try parser.rest(nalHeader: first, sliceType: sliceType, sps: s, pps: p)
        markingRange = marking
        self.commands = commands
        elements = parser.elements
        headerEnd = 8 + parser.position
    }

    /// The slice NAL unit (escaped) with the current elements and the original slice data.
    func written() -> [UInt8] {
        var writer = SliceBitWriter()
        writer.bits(UInt64(nalHeader), count: 8)
        for element in elements {
            switch element.coding {
            case .fixed(let count): writer.bits(UInt64(bitPattern: element.value), count: count)
            case .ue: writer.unsignedExpGolomb(UInt32(clamping: element.value))
            case .se: writer.signedExpGolomb(Int32(clamping: element.value))
            }
        }
        if cabac {
            while !writer.isByteAligned { writer.bit(true) }           // cabac_alignment_one_bit
            let dataStart = (headerEnd + 7) / 8 * 8
            writer.copy(rbsp, fromBit: dataStart, count: rbsp.count * 8 - dataStart)
        } else {
            // Slice data runs up to the rbsp_stop_one_bit, the last set bit of the RBSP.
            let lastByte = rbsp.lastIndex { $0 != 0 } ?? 0
            let stop = lastByte * 8 + 7 - rbsp[lastByte].trailingZeroBitCount
            writer.copy(rbsp, fromBit: headerEnd, count: max(stop - headerEnd, 0))
            writer.bit(true)
            while !writer.isByteAligned { writer.bit(false) }
        }
        return NALUnits.escaped(writer.bytes, header: 1)
    }
}
