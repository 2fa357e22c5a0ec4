import CFFmpeg

extension VideoSourceFormat {
    /// Copies the fields the re-encoder matches out of a video stream's codec parameters.
    init?(codecpar: UnsafePointer<AVCodecParameters>, timeBase: AVRational) {
        let par = codecpar.pointee
        let codec: SpliceCodec
        switch par.codec_id {
        case AV_CODEC_ID_H264: codec = .h264
        case AV_CODEC_ID_HEVC: codec = .hevc
        default: return nil
        }
        let pixel = AVPixelFormat(rawValue: par.format)
        guard let descriptor = av_pix_fmt_desc_get(pixel) else { return nil }
        var extradata: [UInt8] = []
        if let bytes = par.extradata, par.extradata_size > 0 {
            extradata = Array(UnsafeBufferPointer(start: bytes, count: Int(par.extradata_size)))
        }
        let scan: Scan
        switch par.field_order {
        case AV_FIELD_TT, AV_FIELD_TB: scan = .topFieldFirst
        case AV_FIELD_BB, AV_FIELD_BT: scan = .bottomFieldFirst
        default: scan = .progressive
        }
        self.init(codec: codec, profile: Int(par.profile), level: Int(par.level),
                  highTier: codec == .hevc && VideoSourceFormat.hevcHighTier(extradata),
                  width: Int(par.width), height: Int(par.height), pixelFormat: par.format,
                  pixelFormatName: String(cString: descriptor.pointee.name),
                  bitDepth: Int(descriptor.pointee.comp.0.depth),
                  chromaSubsampling: (Int(descriptor.pointee.log2_chroma_w), Int(descriptor.pointee.log2_chroma_h)),
                  sampleAspectRatio: (par.sample_aspect_ratio.num, par.sample_aspect_ratio.den),
                  colorRange: Int32(par.color_range.rawValue), colorPrimaries: Int32(par.color_primaries.rawValue),
                  colorTransfer: Int32(par.color_trc.rawValue), colorSpace: Int32(par.color_space.rawValue),
                  chromaLocation: Int32(par.chroma_location.rawValue), scan: scan,
                  timeBase: (timeBase.num, timeBase.den), extradata: extradata)
    }
}

extension VideoSourceFormat {
    /// general_tier_flag: byte 1 of an hvcC, or the byte after the NAL header and the
    /// vps_id/max_sub_layers byte of the first SPS in Annex B extradata.
    static func hevcHighTier(_ extradata: [UInt8]) -> Bool {
        if extradata.first == 1 { return extradata.count > 1 && extradata[1] & 0x20 != 0 }
        guard let sps = DecoderConfigurationRecord.parameterSets(extradata: extradata, codec: .hevc)
            .first(where: { SpliceCodec.hevc.type(of: $0[...]) == 33 }) else { return false }
        let rbsp = NALUnits.rbsp(sps[...])
        return rbsp.count > 3 && rbsp[3] & 0x20 != 0
    }
}
