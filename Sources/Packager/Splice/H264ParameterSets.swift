import Primitives
import CueDetect

/// The fields of H.264 SPS/PPS (§7.3.2.1.1, §7.3.2.2) that slice-header syntax depends on, and
/// (in `picture`) the SPS's picture size, cropping and VUI frame rate, which the TS probe reads.
struct H264SequenceParameters: Equatable {
    /// What follows frame_mbs_only_flag up to the VUI timing (nil when that tail does not parse).
    struct Picture: Equatable {
        var codedWidth: Int
        var codedHeight: Int
        /// frame_crop_{left,right,top,bottom}_offset, in crop units (§7.4.2.1.1).
        var crop: (left: Int, right: Int, top: Int, bottom: Int)
        /// VUI num_units_in_tick and time_scale, when timing_info_present_flag is set.
        var timing: (unitsInTick: UInt32, timeScale: UInt32)?
        /// VUI aspect_ratio_idc (0 without aspect_ratio_info), and sar_width/sar_height for 255.
        var aspectRatioIDC: UInt8 = 0
        var extendedSAR: (width: UInt16, height: UInt16)?
        /// VUI colour_primaries, transfer_characteristics, matrix_coefficients, when colour_description_present_flag is set.
        var colour: (primaries: UInt8, transfer: UInt8, matrix: UInt8)?
        /// VUI video_full_range_flag (false without a video signal type).
        var fullRange = false

        static func == (a: Picture, b: Picture) -> Bool {
            a.codedWidth == b.codedWidth && a.codedHeight == b.codedHeight && a.crop == b.crop
                && a.timing?.unitsInTick == b.timing?.unitsInTick && a.timing?.timeScale == b.timing?.timeScale
                && a.aspectRatioIDC == b.aspectRatioIDC && a.extendedSAR?.width == b.extendedSAR?.width
                && a.extendedSAR?.height == b.extendedSAR?.height && a.colour?.primaries == b.colour?.primaries
                && a.colour?.transfer == b.colour?.transfer && a.colour?.matrix == b.colour?.matrix && a.fullRange == b.fullRange
        }
    }

    var id: UInt32
    var profileIDC: UInt8
    /// constraint_set0_flag … constraint_set5_flag and the reserved bits, as the byte they come in.
    var constraintFlags: UInt8
    var levelIDC: UInt8
    var chromaFormat: UInt32
    var chromaArrayType: UInt32
    var separateColourPlane: Bool
    var bitDepthLuma: Int
    var bitDepthChroma: Int
    var log2MaxFrameNum: Int
    var pocType: UInt32
    var log2MaxPocLsb: Int
    var deltaPicOrderAlwaysZero: Bool
    var maxNumRefFrames: Int
    var frameMbsOnly: Bool
    var picture: Picture?

    /// `unit` is one SPS NAL unit (header byte first, escaped as in the stream).
    init(_ unit: [UInt8]) throws {
        var r = BitReader(NALUnits.rbsp(unit.dropFirst()))
        let profile = try r.uint8("profile_idc")
        profileIDC = profile
        constraintFlags = try r.uint8("constraint flags")
        levelIDC = try r.uint8("level_idc")
        id = try r.unsignedExpGolomb("seq_parameter_set_id")
        var chromaFormat: UInt32 = 1
        separateColourPlane = false
        bitDepthLuma = 8
        bitDepthChroma = 8
        if [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135].contains(profile) {
            chromaFormat = try r.unsignedExpGolomb("chroma_format_idc")
            if chromaFormat == 3 { separateColourPlane = try r.flag("separate_colour_plane_flag") }
            bitDepthLuma = Int(try r.unsignedExpGolomb("bit_depth_luma_minus8")) + 8
            bitDepthChroma = Int(try r.unsignedExpGolomb("bit_depth_chroma_minus8")) + 8
            try r.skip(bits: 1, "qpprime_y_zero_transform_bypass_flag")
            if try r.flag("seq_scaling_matrix_present_flag") {
                for list in 0..<(chromaFormat == 3 ? 12 : 8) where try r.flag("seq_scaling_list_present_flag") {
                    try Self.skipScalingList(&r, size: list < 6 ? 16 : 64)
                }
            }
        }
        self.chromaFormat = chromaFormat
        chromaArrayType = separateColourPlane ? 0 : chromaFormat
        log2MaxFrameNum = Int(try r.unsignedExpGolomb("log2_max_frame_num_minus4")) + 4
        pocType = try r.unsignedExpGolomb("pic_order_cnt_type")
        log2MaxPocLsb = 0
        deltaPicOrderAlwaysZero = false
        if pocType == 0 {
            log2MaxPocLsb = Int(try r.unsignedExpGolomb("log2_max_pic_order_cnt_lsb_minus4")) + 4
        } else if pocType == 1 {
            deltaPicOrderAlwaysZero = try r.flag("delta_pic_order_always_zero_flag")
            _ = try r.unsignedExpGolomb("offset_for_non_ref_pic")
            _ = try r.unsignedExpGolomb("offset_for_top_to_bottom_field")
            for _ in 0..<(try r.unsignedExpGolomb("num_ref_frames_in_pic_order_cnt_cycle")) {
                _ = try r.unsignedExpGolomb("offset_for_ref_frame")
            }
        }
        maxNumRefFrames = Int(try r.unsignedExpGolomb("max_num_ref_frames"))
        try r.skip(bits: 1, "gaps_in_frame_num_value_allowed_flag")
        let widthInMbs = Int(try r.unsignedExpGolomb("pic_width_in_mbs_minus1")) + 1
        let heightInMapUnits = Int(try r.unsignedExpGolomb("pic_height_in_map_units_minus1")) + 1
        frameMbsOnly = try r.flag("frame_mbs_only_flag")
        picture = try? Self.picture(&r, widthInMbs: widthInMbs, heightInMapUnits: heightInMapUnits, frameMbsOnly: frameMbsOnly)
    }

    /// The luma size after cropping (§7.4.2.1.1: crop units are chroma samples, and field pairs
    /// when frames may be coded as fields), nil without a picture.
    var croppedSize: (width: Int, height: Int)? {
        guard let picture else { return nil }
        let subWidth = chromaArrayType == 1 || chromaArrayType == 2 ? 2 : 1
        let subHeight = chromaArrayType == 1 ? 2 : 1
        let unitX = chromaArrayType == 0 ? 1 : subWidth
        let unitY = (chromaArrayType == 0 ? 1 : subHeight) * (frameMbsOnly ? 1 : 2)
        let width = picture.codedWidth - (picture.crop.left + picture.crop.right) * unitX
        let height = picture.codedHeight - (picture.crop.top + picture.crop.bottom) * unitY
        return width > 0 && height > 0 ? (width, height) : nil
    }

    private static func picture(_ r: inout BitReader, widthInMbs: Int, heightInMapUnits: Int,
                                frameMbsOnly: Bool) throws -> Picture {
        if !frameMbsOnly { try r.skip(bits: 1, "mb_adaptive_frame_field_flag") }
        try r.skip(bits: 1, "direct_8x8_inference_flag")
        var crop = (left: 0, right: 0, top: 0, bottom: 0)
        if try r.flag("frame_cropping_flag") {
            crop = (Int(try r.unsignedExpGolomb("frame_crop_left_offset")), Int(try r.unsignedExpGolomb("frame_crop_right_offset")),
                    Int(try r.unsignedExpGolomb("frame_crop_top_offset")), Int(try r.unsignedExpGolomb("frame_crop_bottom_offset")))
        }
        var picture = Picture(codedWidth: widthInMbs * 16, codedHeight: heightInMapUnits * 16 * (frameMbsOnly ? 1 : 2),
                              crop: crop, timing: nil)
        guard try r.flag("vui_parameters_present_flag") else { return picture }
        if try r.flag("aspect_ratio_info_present_flag") {
            picture.aspectRatioIDC = try r.uint8("aspect_ratio_idc")
            if picture.aspectRatioIDC == 255 {
                picture.extendedSAR = (try r.uint16("sar_width"), try r.uint16("sar_height"))
            }
        }
        if try r.flag("overscan_info_present_flag") { try r.skip(bits: 1, "overscan_appropriate_flag") }
        if try r.flag("video_signal_type_present_flag") {
            try r.skip(bits: 3, "video_format")
            picture.fullRange = try r.flag("video_full_range_flag")
            if try r.flag("colour_description_present_flag") {
                picture.colour = (try r.uint8("colour_primaries"), try r.uint8("transfer_characteristics"),
                                  try r.uint8("matrix_coefficients"))
            }
        }
        if try r.flag("chroma_loc_info_present_flag") {
            _ = try r.unsignedExpGolomb("chroma_sample_loc_type_top_field")
            _ = try r.unsignedExpGolomb("chroma_sample_loc_type_bottom_field")
        }
        if try r.flag("timing_info_present_flag") {
            picture.timing = (try r.uint32("num_units_in_tick"), try r.uint32("time_scale"))
        }
        return picture
    }

    private static func skipScalingList(_ r: inout BitReader, size: Int) throws {
        var last = 8, next = 8
        for _ in 0..<size where next != 0 {
            // se(v) shares ue(v)'s code length; only the value's sign differs.
            let code = Int(try r.unsignedExpGolomb("delta_scale"))
            let delta = code % 2 == 1 ? (code + 1) / 2 : -code / 2
            next = (last + delta + 256) % 256
            last = next == 0 ? last : next
        }
    }
}

struct H264PictureParameters: Equatable {
    var id: UInt32
    var spsID: UInt32
    var cabac: Bool
    var bottomFieldPicOrderInFramePresent: Bool
    var sliceGroups: UInt32
    var numRefIdxDefault: (l0: UInt32, l1: UInt32)
    var weightedPred: Bool
    var weightedBipredIdc: UInt64
    var deblockingFilterControlPresent: Bool
    var redundantPicCntPresent: Bool

    init(_ unit: [UInt8]) throws {
        var r = BitReader(NALUnits.rbsp(unit.dropFirst()))
        id = try r.unsignedExpGolomb("pic_parameter_set_id")
        spsID = try r.unsignedExpGolomb("seq_parameter_set_id")
        cabac = try r.flag("entropy_coding_mode_flag")
        bottomFieldPicOrderInFramePresent = try r.flag("bottom_field_pic_order_in_frame_present_flag")
        sliceGroups = try r.unsignedExpGolomb("num_slice_groups_minus1") + 1
        guard sliceGroups == 1 else { throw H264SyntaxError.unsupported("slice groups (FMO)") }
        numRefIdxDefault = (try r.unsignedExpGolomb("num_ref_idx_l0_default_active_minus1") + 1,
                            try r.unsignedExpGolomb("num_ref_idx_l1_default_active_minus1") + 1)
        weightedPred = try r.flag("weighted_pred_flag")
        weightedBipredIdc = try r.bits(2, "weighted_bipred_idc")
        _ = try r.unsignedExpGolomb("pic_init_qp_minus26")
        _ = try r.unsignedExpGolomb("pic_init_qs_minus26")
        _ = try r.unsignedExpGolomb("chroma_qp_index_offset")
        deblockingFilterControlPresent = try r.flag("deblocking_filter_control_present_flag")
        try r.skip(bits: 1, "constrained_intra_pred_flag")
        redundantPicCntPresent = try r.flag("redundant_pic_cnt_present_flag")
    }

    static func == (a: H264PictureParameters, b: H264PictureParameters) -> Bool {
        a.id == b.id && a.spsID == b.spsID && a.cabac == b.cabac && a.sliceGroups == b.sliceGroups
            && a.numRefIdxDefault == b.numRefIdxDefault && a.weightedPred == b.weightedPred
            && a.weightedBipredIdc == b.weightedBipredIdc && a.deblockingFilterControlPresent == b.deblockingFilterControlPresent
            && a.redundantPicCntPresent == b.redundantPicCntPresent
            && a.bottomFieldPicOrderInFramePresent == b.bottomFieldPicOrderInFramePresent
    }
}

/// H.264 syntax the slice rewriter does not handle, or data that does not parse.
enum H264SyntaxError: Error, Equatable, CustomStringConvertible {
    case unsupported(String)
    case missingParameterSet(String)

    var description: String {
        switch self {
        case .unsupported(let what): return "H.264 \(what) is not supported by the resume rewrite"
        case .missingParameterSet(let what): return "H.264 slice refers to \(what), which the stream has not sent"
        }
    }
}
