/// The two codecs a splice can re-encode, and what the cutter needs to know about their NAL
/// unit headers (H.264 §7.3.1, HEVC §7.3.1.2).
enum SpliceCodec: String, Equatable, Sendable {
    case h264, hevc

    func type(of unit: ArraySlice<UInt8>) -> Int {
        guard let first = unit.first else { return -1 }
        return self == .h264 ? Int(first & 0x1F) : Int(first >> 1 & 0x3F)
    }

    func isVCL(_ unit: ArraySlice<UInt8>) -> Bool {
        let t = type(of: unit)
        return self == .h264 ? (1...5).contains(t) : (0...31).contains(t)
    }

    func isParameterSet(_ unit: ArraySlice<UInt8>) -> Bool {
        let t = type(of: unit)
        return self == .h264 ? (t == 7 || t == 8) : (32...34).contains(t)
    }

    func isAccessUnitDelimiter(_ unit: ArraySlice<UInt8>) -> Bool {
        type(of: unit) == (self == .h264 ? 9 : 35)
    }

    /// The highest TemporalId + 1 in an HEVC NAL header (always 1 for H.264).
    func temporalIDPlusOne(_ unit: ArraySlice<UInt8>) -> Int {
        guard self == .hevc, unit.count >= 2 else { return 1 }
        return Int(unit[unit.startIndex + 1] & 0x07)
    }

    /// A picture no other picture of the stream predicts from: H.264 nal_ref_idc 0; HEVC sub-layer
    /// non-reference types (TRAIL_N … RSV_VCL_N14, the even types below 16), which no picture
    /// references as long as the stream has a single temporal sub-layer (the caller checks that).
    func isNonReference(_ unit: ArraySlice<UInt8>) -> Bool {
        guard isVCL(unit), let first = unit.first else { return false }
        if self == .h264 { return first & 0x60 == 0 }
        let t = type(of: unit)
        return t < 16 && t % 2 == 0
    }

    func isIDR(_ unit: ArraySlice<UInt8>) -> Bool {
        let t = type(of: unit)
        return self == .h264 ? t == 5 : (t == 19 || t == 20)
    }

    static let hevcCRA = 21
    static let hevcBLANoLeadingPictures = 18
}
