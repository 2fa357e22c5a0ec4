import CFFmpeg

extension CodecDescription {
    /// Copies what the CODECS attribute needs out of FFmpeg's stream parameters.
    init(codecpar: UnsafePointer<AVCodecParameters>) {
        let par = codecpar.pointee
        var extradata: [UInt8] = []
        if let bytes = par.extradata, par.extradata_size > 0 {
            extradata = Array(UnsafeBufferPointer(start: bytes, count: Int(par.extradata_size)))
        }
        self.init(codecName: String(cString: avcodec_get_name(par.codec_id)),
                  profile: Int(par.profile), level: Int(par.level), extradata: extradata,
                  width: Int(par.width), height: Int(par.height), sampleRate: Int(par.sample_rate),
                  channels: Int(par.ch_layout.nb_channels),
                  audioObjectType: par.codec_id == AV_CODEC_ID_AAC
                      ? AACCodecString.objectType(audioSpecificConfig: extradata) : nil)
    }
}

/// Reads the codec parameters of a media file or stream, for CODECS and RESOLUTION.
public enum MediaProbe {
    /// The audio and video streams of `url`, in stream order, after libavformat has probed
    /// them (avformat_find_stream_info fills profile, level and extradata for TS inputs).
    public static func codecDescriptions(url: String) throws -> [CodecDescription] {
        var format: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&format, url, nil, nil)
        guard opened >= 0, let context = format else {
            throw FFmpegError(operation: "open", input: url, code: opened)
        }
        defer { avformat_close_input(&format) }
        let probed = avformat_find_stream_info(context, nil)
        guard probed >= 0 else {
            throw FFmpegError(operation: "read stream information from", input: url, code: probed)
        }
        var descriptions: [CodecDescription] = []
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let par = stream.pointee.codecpar,
                  par.pointee.codec_type == AVMEDIA_TYPE_VIDEO || par.pointee.codec_type == AVMEDIA_TYPE_AUDIO
            else { continue }
            descriptions.append(CodecDescription(codecpar: par))
        }
        return descriptions
    }
}
