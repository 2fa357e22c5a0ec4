import Primitives

/// The start of an HEVC SPS (H.265 §7.3.2.2.1) up to the bit depths: profile, tier and level,
/// chroma format, the coded size and the conformance window — what a stream table needs.
struct HEVCSequenceParameters: Equatable {
    var profileIDC: UInt8
    var highTier: Bool
    var levelIDC: UInt8
    var progressiveSource: Bool
    var interlacedSource: Bool
    var chromaFormat: UInt32
    var separateColourPlane: Bool
    var codedWidth: Int
    var codedHeight: Int
    /// conf_win_{left,right,top,bottom}_offset, in chroma samples.
    var window: (left: Int, right: Int, top: Int, bottom: Int)
    var bitDepthLuma: Int

    static func == (a: HEVCSequenceParameters, b: HEVCSequenceParameters) -> Bool {
        a.profileIDC == b.profileIDC && a.highTier == b.highTier && a.levelIDC == b.levelIDC
            && a.progressiveSource == b.progressiveSource && a.interlacedSource == b.interlacedSource
            && a.chromaFormat == b.chromaFormat && a.separateColourPlane == b.separateColourPlane
            && a.codedWidth == b.codedWidth && a.codedHeight == b.codedHeight && a.window == b.window
            && a.bitDepthLuma == b.bitDepthLuma
    }

    /// `unit` is one SPS NAL unit (its two header bytes first, escaped as in the stream).
    init(_ unit: ArraySlice<UInt8>) throws {
        var r = BitReader(NALUnits.rbsp(unit.dropFirst(2)))
        try r.skip(bits: 4, "sps_video_parameter_set_id")
        let subLayers = Int(try r.bits(3, "sps_max_sub_layers_minus1"))
        try r.skip(bits: 1, "sps_temporal_id_nesting_flag")
        // profile_tier_level(1, sps_max_sub_layers_minus1), §7.3.3
        try r.skip(bits: 2, "general_profile_space")
        highTier = try r.flag("general_tier_flag")
        profileIDC = UInt8(try r.bits(5, "general_profile_idc"))
        try r.skip(bits: 32, "general_profile_compatibility_flags")
        progressiveSource = try r.flag("general_progressive_source_flag")
        interlacedSource = try r.flag("general_interlaced_source_flag")
        try r.skip(bits: 46, "general constraint flags")
        levelIDC = try r.uint8("general_level_idc")
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<subLayers {
            present.append((try r.flag("sub_layer_profile_present_flag"), try r.flag("sub_layer_level_present_flag")))
        }
        if subLayers > 0 { try r.skip(bits: 2 * (8 - subLayers), "reserved_zero_2bits") }
        for layer in present {
            if layer.profile { try r.skip(bits: 88, "sub_layer profile") }
            if layer.level { try r.skip(bits: 8, "sub_layer_level_idc") }
        }
        _ = try r.unsignedExpGolomb("sps_seq_parameter_set_id")
        chromaFormat = try r.unsignedExpGolomb("chroma_format_idc")
        separateColourPlane = chromaFormat == 3 ? try r.flag("separate_colour_plane_flag") : false
        codedWidth = Int(try r.unsignedExpGolomb("pic_width_in_luma_samples"))
        codedHeight = Int(try r.unsignedExpGolomb("pic_height_in_luma_samples"))
        window = (0, 0, 0, 0)
        if try r.flag("conformance_window_flag") {
            window = (Int(try r.unsignedExpGolomb("conf_win_left_offset")), Int(try r.unsignedExpGolomb("conf_win_right_offset")),
                      Int(try r.unsignedExpGolomb("conf_win_top_offset")), Int(try r.unsignedExpGolomb("conf_win_bottom_offset")))
        }
        bitDepthLuma = Int(try r.unsignedExpGolomb("bit_depth_luma_minus8")) + 8
    }

    /// The luma size inside the conformance window (offsets count chroma samples, §7.4.3.2.1).
    var croppedSize: (width: Int, height: Int)? {
        let chromaArrayType = separateColourPlane ? 0 : chromaFormat
        let subWidth = chromaArrayType == 1 || chromaArrayType == 2 ? 2 : 1
        let subHeight = chromaArrayType == 1 ? 2 : 1
        let width = codedWidth - subWidth * (window.left + window.right)
        let height = codedHeight - subHeight * (window.top + window.bottom)
        return width > 0 && height > 0 ? (width, height) : nil
    }
}
