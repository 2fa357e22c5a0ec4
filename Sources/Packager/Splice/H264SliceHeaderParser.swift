import Primitives
import CueDetect

/// Reads slice-header syntax elements in order, remembering each one's coding so the header can be
/// written back (see `H264SliceHeader`).
struct H264SliceHeaderParser {
    var reader: BitReader
    var elements: [H264SliceHeader.Element]
    private(set) var position = 0

    init(reader: BitReader, elements: [H264SliceHeader.Element]) {
        self.reader = reader
        self.elements = elements
    }

    @discardableResult
    mutating func ue(_ name: String) throws -> Int64 {
        let start = reader.remainingBits
        let value = Int64(try reader.unsignedExpGolomb(name))
        record(name, .ue, value, start)
        return value
    }

    @discardableResult
    mutating func se(_ name: String) throws -> Int64 {
        let start = reader.remainingBits
        let code = Int64(try reader.unsignedExpGolomb(name))
        let value = code % 2 == 1 ? (code + 1) / 2 : -code / 2
        record(name, .se, value, start)
        return value
    }

    @discardableResult
    mutating func u(_ count: Int, _ name: String) throws -> Int64 {
        let start = reader.remainingBits
        let value = Int64(try reader.bits(count, name))
        record(name, .fixed(count), value, start)
        return value
    }

    private mutating func record(_ name: String, _ coding: H264SliceHeader.Coding, _ value: Int64, _ remainingBefore: Int) {
        elements.append(.init(name: name, coding: coding, value: value))
        position += remainingBefore - reader.remainingBits
    }

    /// Everything after pic_parameter_set_id; returns where dec_ref_pic_marking() sits.
    mutating func rest(nalHeader: UInt8, sliceType: Int, sps: H264SequenceParameters, pps: H264PictureParameters)
        throws -> (Range<Int>, [H264SliceHeader.MarkingCommand]) {
        let kind = sliceType % 5        // P 0, B 1, I 2, SP 3, SI 4
        let idr = nalHeader & 0x1F == 5
        if sps.separateColourPlane { try u(2, "colour_plane_id") }
        try u(sps.log2MaxFrameNum, "frame_num")
        var field = false
        if !sps.frameMbsOnly {
            field = try u(1, "field_pic_flag") == 1
            if field { try u(1, "bottom_field_flag") }
        }
        guard !field else { throw H264SyntaxError.unsupported("field pictures") }
        if idr { try ue("idr_pic_id") }
        if sps.pocType == 0 {
            try u(sps.log2MaxPocLsb, "pic_order_cnt_lsb")
            if pps.bottomFieldPicOrderInFramePresent { try se("delta_pic_order_cnt_bottom") }
        }
        if sps.pocType == 1, !sps.deltaPicOrderAlwaysZero {
            try se("delta_pic_order_cnt_0")
            if pps.bottomFieldPicOrderInFramePresent { try se("delta_pic_order_cnt_1") }
        }
        if pps.redundantPicCntPresent { try ue("redundant_pic_cnt") }
        if kind == 1 { try u(1, "direct_spatial_mv_pred_flag") }
        var refs = (l0: Int64(pps.numRefIdxDefault.l0), l1: Int64(pps.numRefIdxDefault.l1))
        if kind == 0 || kind == 1 || kind == 3 {
            if try u(1, "num_ref_idx_active_override_flag") == 1 {
                refs.l0 = try ue("num_ref_idx_l0_active_minus1") + 1
                if kind == 1 { refs.l1 = try ue("num_ref_idx_l1_active_minus1") + 1 }
            }
        }
        if kind != 2, kind != 4 {
            try modification("l0")
            if kind == 1 { try modification("l1") }
        }
        if (pps.weightedPred && (kind == 0 || kind == 3)) || (pps.weightedBipredIdc == 1 && kind == 1) {
            try weights(refs: refs, bidirectional: kind == 1, chroma: sps.chromaArrayType != 0)
        }
        let markingStart = elements.count
        var commands: [H264SliceHeader.MarkingCommand] = []
        if nalHeader & 0x60 != 0 {
            if idr {
                try u(1, "no_output_of_prior_pics_flag")
                try u(1, "long_term_reference_flag")
            } else if try u(1, "adaptive_ref_pic_marking_mode_flag") == 1 {
                while true {
                    let opStart = elements.count
                    let op = Int(try ue("memory_management_control_operation"))
                    if op == 0 { break }
                    if op == 1 || op == 3 { try ue("difference_of_pic_nums_minus1") }
                    if op == 2 { try ue("long_term_pic_num") }
                    if op == 3 || op == 6 { try ue("long_term_frame_idx") }
                    if op == 4 { try ue("max_long_term_frame_idx_plus1") }
                    commands.append(.init(operation: op, elements: Array(elements[opStart...])))
                }
            }
        }
        let marking = markingStart..<elements.count
        if pps.cabac, kind != 2, kind != 4 { try ue("cabac_init_idc") }
        try se("slice_qp_delta")
        if kind == 3 || kind == 4 {
            if kind == 3 { try u(1, "sp_for_switch_flag") }
            try se("slice_qs_delta")
        }
        if pps.deblockingFilterControlPresent, try ue("disable_deblocking_filter_idc") != 1 {
            try se("slice_alpha_c0_offset_div2")
            try se("slice_beta_offset_div2")
        }
        return (marking, commands)
    }

    private mutating func modification(_ list: String) throws {
        guard try u(1, "ref_pic_list_modification_flag_\(list)") == 1 else { return }
        while true {
            let idc = try ue("modification_of_pic_nums_idc")
            if idc == 3 { break }
            if idc == 0 || idc == 1 { try ue("abs_diff_pic_num_minus1") } else { try ue("long_term_pic_num") }
        }
    }

    private mutating func weights(refs: (l0: Int64, l1: Int64), bidirectional: Bool, chroma: Bool) throws {
        try ue("luma_log2_weight_denom")
        if chroma { try ue("chroma_log2_weight_denom") }
        for count in bidirectional ? [refs.l0, refs.l1] : [refs.l0] {
            for _ in 0..<max(count, 0) {
                if try u(1, "luma_weight_flag") == 1 { try se("luma_weight"); try se("luma_offset") }
                if chroma, try u(1, "chroma_weight_flag") == 1 {
                    for _ in 0..<2 { try se("chroma_weight"); try se("chroma_offset") }
                }
            }
        }
    }
}
