import CFFmpeg

/// libx264 / libx265 through libavcodec, configured by `SpliceEncoderSettings` and the source's
/// format. One encoder per splice: every call starts a fresh closed GOP.
final class SpliceFrameEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let input: String

    /// - Parameter globalHeader: put the parameter sets in the codec context's extradata instead of
    ///   in-band (only to learn what the encoder's SPS/PPS will be, for an init segment).
    init(settings: SpliceEncoderSettings, format: VideoSourceFormat, input: String, globalHeader: Bool = false) throws {
        self.input = input
        guard let codec = avcodec_find_encoder_by_name(settings.encoderName) else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: format.codec.rawValue)
        }
        context = avcodec_alloc_context3(codec)
        packet = av_packet_alloc()
        guard let c = context, packet != nil else { throw Self.failure("allocate an encoder for", input, pkgctl_averror(ENOMEM)) }
        c.pointee.width = Int32(format.width)
        c.pointee.height = Int32(format.height)
        c.pointee.pix_fmt = AVPixelFormat(rawValue: format.pixelFormat)
        c.pointee.time_base = AVRational(num: format.timeBase.num, den: format.timeBase.den)
        c.pointee.framerate = AVRational(num: settings.frameRate.num, den: settings.frameRate.den)
        if format.sampleAspectRatio.num > 0, format.sampleAspectRatio.den > 0 {
            c.pointee.sample_aspect_ratio = AVRational(num: format.sampleAspectRatio.num, den: format.sampleAspectRatio.den)
        }
        c.pointee.color_range = AVColorRange(rawValue: UInt32(format.colorRange))
        c.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(format.colorPrimaries))
        c.pointee.color_trc = AVColorTransferCharacteristic(rawValue: UInt32(format.colorTransfer))
        c.pointee.colorspace = AVColorSpace(rawValue: UInt32(format.colorSpace))
        c.pointee.chroma_sample_location = AVChromaLocation(rawValue: UInt32(format.chromaLocation))
        switch format.scan {
        case .progressive: c.pointee.field_order = AV_FIELD_PROGRESSIVE
        case .topFieldFirst: c.pointee.field_order = AV_FIELD_TT
        case .bottomFieldFirst: c.pointee.field_order = AV_FIELD_BB
        }
        if format.scan != .progressive { c.pointee.flags |= Int32(AV_CODEC_FLAG_INTERLACED_DCT) }
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        c.pointee.bit_rate = Int64(settings.bitRate)
        c.pointee.rc_max_rate = Int64(settings.maxRate)
        c.pointee.rc_buffer_size = Int32(clamping: settings.bufferSize)
        c.pointee.thread_count = Int32(settings.threads)
        var options: OpaquePointer?
        for (key, value) in settings.options { av_dict_set(&options, key, value, 0) }
        defer { av_dict_free(&options) }
        let opened = avcodec_open2(c, codec, &options)
        guard opened >= 0 else {
            throw VideoSpliceError.unsupportedFormat(input: input, reason: "\(settings.encoderName) refused the source's settings (\(FFmpegError.text(for: opened)))")
        }
    }

    deinit {
        avcodec_free_context(&context)
        av_packet_free(&packet)
    }

    /// The parameter sets of a global-header encoder, Annex B.
    var extradata: [UInt8] {
        guard let c = context, let bytes = c.pointee.extradata, c.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(c.pointee.extradata_size)))
    }

    /// Encodes one picture at `pts` (source stream ticks), as an IDR when `idr`, else as a P-picture
    /// (never a B-picture, whatever the encoder's B-frame setting); `coded` receives every packet
    /// that comes out.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>, pts: Int64, idr: Bool,
                coded: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context else { return }
        frame.pointee.pts = pts
        frame.pointee.pict_type = idr ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_P
        let sent = avcodec_send_frame(context, frame)
        guard sent >= 0 else { throw Self.failure("re-encode the picture at PTS \(pts) of", input, sent) }
        try drain(coded)
    }

    func finish(coded: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context else { return }
        let sent = avcodec_send_frame(context, nil)
        guard sent >= 0 else { throw Self.failure("flush the encoder of", input, sent) }
        try drain(coded)
    }

    private func drain(_ coded: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context, let packet else { return }
        while true {
            let received = avcodec_receive_packet(context, packet)
            if received == pkgctl_averror_eagain() || received == FFmpegError.eof { return }
            guard received >= 0 else { throw Self.failure("re-encode a picture of", input, received) }
            defer { av_packet_unref(packet) }
            try coded(packet)
        }
    }

    private static func failure(_ operation: String, _ input: String, _ code: Int32) -> VideoSpliceError {
        .ffmpeg(FFmpegError(operation: operation, input: input, code: code))
    }
}
