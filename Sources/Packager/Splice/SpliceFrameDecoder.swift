import CFFmpeg

/// libavcodec decoding of one splice window's packets into pictures, handed out one at a time
/// (the caller keeps only those it re-encodes, so a 60-picture GOP never sits decoded in memory).
final class SpliceFrameDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scratch: UnsafeMutablePointer<AVPacket>?
    private let input: String
    private(set) var framesDecoded = 0

    init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, threads: Int, input: String) throws {
        self.input = input
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        context = avcodec_alloc_context3(codec)
        frame = av_frame_alloc()
        scratch = av_packet_alloc()
        guard let context, frame != nil, scratch != nil else { throw Self.failure("allocate a decoder for", input, pkgctl_averror(ENOMEM)) }
        let copied = avcodec_parameters_to_context(context, parameters)
        guard copied >= 0 else { throw Self.failure("configure a decoder for", input, copied) }
        context.pointee.thread_count = Int32(max(threads, 1))
        context.pointee.pkt_timebase = timeBase
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw Self.failure("open a decoder for", input, opened) }
    }

    deinit {
        avcodec_free_context(&context)
        av_frame_free(&frame)
        av_packet_free(&scratch)
    }

    /// Decodes `packet` with the caller's timestamps; `picture` sees every picture that comes out
    /// (its `pts` is the caller's PTS of the packet it was coded in), valid only during the call.
    func decode(_ packet: DemuxedPacket, pts: Int64, dts: Int64,
                picture: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        guard let context, let scratch, let source = packet.packet else { return }
        let referenced = av_packet_ref(scratch, source)
        guard referenced >= 0 else { throw Self.failure("reference a packet for", input, referenced) }
        scratch.pointee.pts = pts
        scratch.pointee.dts = dts
        let sent = avcodec_send_packet(context, scratch)
        av_packet_unref(scratch)
        guard sent >= 0 else { throw Self.failure("decode the picture at PTS \(pts) of", input, sent) }
        try drain(picture)
    }

    /// Returns the pictures still held for reordering.
    func finish(picture: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        guard let context else { return }
        let sent = avcodec_send_packet(context, nil)
        guard sent >= 0 else { throw Self.failure("flush the decoder of", input, sent) }
        try drain(picture)
    }

    private func drain(_ picture: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        guard let context, let frame else { return }
        while true {
            let received = avcodec_receive_frame(context, frame)
            if received == pkgctl_averror_eagain() || received == FFmpegError.eof { return }
            guard received >= 0 else { throw Self.failure("decode a picture of", input, received) }
            framesDecoded += 1
            defer { av_frame_unref(frame) }
            try picture(frame)
        }
    }

    private static func failure(_ operation: String, _ input: String, _ code: Int32) -> VideoSpliceError {
        .ffmpeg(FFmpegError(operation: operation, input: input, code: code))
    }
}
