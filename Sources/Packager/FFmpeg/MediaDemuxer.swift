import CFFmpeg
import Foundation

/// libavformat demuxing of a file or stream URL, optionally through a TeeIOContext so a
/// byte observer (the TS section scanner) sees the input in the same pass.
final class MediaDemuxer {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var tee: TeeIOContext?
    private let interrupt: InterruptFlag?
    let url: String
    private(set) var streams: [StreamInfo] = []

    /// - Parameters:
    ///   - observer: when given, input is read through a non-seekable tee and every byte is
    ///     passed to it; otherwise libavformat does its own (seekable) I/O.
    ///   - options: protocol/demuxer options (e.g. `timeout`, `fifo_size` for udp).
    ///   - continuing: an input another reader has read from, to go on reading (with `observer`).
    init(url: String, options: [String: String] = [:], interrupt: InterruptFlag? = nil,
         observer: TeeIOContext.Observer? = nil, continuing: TeeIOContext? = nil) throws {
        self.url = url
        self.interrupt = interrupt
        guard var ctx = avformat_alloc_context() else {
            throw FFmpegError(operation: "allocate a demuxer for", input: url, code: pkgctl_averror(ENOMEM))
        }
        if let interrupt { ctx.pointee.interrupt_callback = interrupt.callback }
        // PSI sections are CRC-checked, so a damaged PMT never looks like a new programme. Packets
        // libavformat flags corrupt (a continuity gap inside their PES) are not discarded here
        // (`discardcorrupt`): a damaged keyframe still starts a GOP, which keeps segments on
        // keyframes; the PacketSanitizer drops what a muxer cannot take.
        ctx.pointee.error_recognition |= AV_EF_CRCCHECK
        if let observer {
            let tee = try continuing ?? TeeIOContext(url: url, options: options, interrupt: interrupt, observer: observer)
            continuing?.observer = observer
            self.tee = tee
            ctx.pointee.pb = tee.context
        }
        var dict: OpaquePointer?
        for (k, v) in options where observer == nil { av_dict_set(&dict, k, v, 0) }
        defer { av_dict_free(&dict) }
        var maybeCtx: UnsafeMutablePointer<AVFormatContext>? = ctx
        let opened = avformat_open_input(&maybeCtx, url, nil, &dict)
        guard opened >= 0, let opened_ctx = maybeCtx else {
            // avformat_open_input frees the context on failure.
            throw FFmpegError(operation: "open", input: url, code: opened)
        }
        ctx = opened_ctx
        format = ctx
        let info = avformat_find_stream_info(ctx, nil)
        guard info >= 0 else {
            throw FFmpegError(operation: "read stream information from", input: url, code: info)
        }
        refreshStreams()
    }

    deinit {
        avformat_close_input(&format)
    }

    /// The input's size when it is a regular file read through the tee (see `TeeIOContext`).
    var inputSize: Int64? { tee?.fileSize }

    /// Closes the demuxer and hands over its input, positioned after every byte libavformat has
    /// read (the observer saw them all), for reading on without a demux; nil when the input was
    /// not read through a tee. The demuxer knows no streams afterwards.
    func detachInput() -> TeeIOContext? {
        guard let tee else { return nil }
        avformat_close_input(&format)       // a custom pb is not closed with the context
        tee.shrinkBuffer()
        self.tee = nil
        return tee
    }

    var formatName: String {
        guard let name = format?.pointee.iformat?.pointee.name else { return "" }
        return String(cString: name)
    }

    /// Re-reads the stream table; MPEG-TS inputs can add streams mid-way (PMT changes), or change
    /// a stream's codec in place (a new stream_type on the same PID).
    @discardableResult
    func refreshStreams(force: Bool = false) -> Bool {
        guard let ctx = format else { return false }
        let count = Int(ctx.pointee.nb_streams)
        guard force || count != streams.count || codecsChanged(ctx) else { return false }
        var list: [StreamInfo] = []
        for i in 0..<count {
            guard let st = ctx.pointee.streams[i], let par = st.pointee.codecpar else { continue }
            let kind: StreamInfo.Kind
            switch par.pointee.codec_type {
            case AVMEDIA_TYPE_VIDEO: kind = .video
            case AVMEDIA_TYPE_AUDIO: kind = .audio
            case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
            case AVMEDIA_TYPE_DATA: kind = .data
            default: kind = .other
            }
            list.append(StreamInfo(
                index: i, id: Int(st.pointee.id), kind: kind,
                codecName: String(cString: avcodec_get_name(par.pointee.codec_id)),
                isSCTE35: par.pointee.codec_id == AV_CODEC_ID_SCTE_35,
                timeBase: (st.pointee.time_base.num, st.pointee.time_base.den),
                width: Int(par.pointee.width), height: Int(par.pointee.height),
                hasExtradata: par.pointee.extradata_size > 0,
                frameDuration: Self.frameDuration(par.pointee, timeBase: st.pointee.time_base)))
        }
        streams = list
        return true
    }

    /// Gives an AAC stream a PMT added mid-way the sample rate and channel count of its ADTS
    /// header. libavformat probes streams only at open (a second avformat_find_stream_info
    /// crashes 5.1: it freed its per-stream state), so such a stream knows only its codec, and the
    /// TS muxer refuses audio without a sample rate. The ADTS header carries both.
    func adoptADTSParameters(streamIndex: Int, header: [UInt8]) {
        guard let par = stream(at: streamIndex)?.pointee.codecpar, par.pointee.codec_id == AV_CODEC_ID_AAC,
              par.pointee.sample_rate <= 0, header.count >= 4 else { return }
        let rates: [Int32] = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
        let rateIndex = Int((header[2] >> 2) & 0x0F)
        let channels = Int32(((header[2] & 0x01) << 2) | (header[3] >> 6))
        guard rateIndex < rates.count, channels > 0 else { return }
        par.pointee.sample_rate = rates[rateIndex]
        av_channel_layout_uninit(&par.pointee.ch_layout)
        av_channel_layout_default(&par.pointee.ch_layout, channels)
        par.pointee.frame_size = 1024
        par.pointee.profile = Int32(header[2] >> 6)          // ADTS: audio object type - 1 (FF_PROFILE_AAC_*)
        refreshStreams(force: true)
    }

    private func codecsChanged(_ ctx: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        for known in streams {
            guard known.index < Int(ctx.pointee.nb_streams), let par = ctx.pointee.streams[known.index]?.pointee.codecpar
            else { return true }
            if String(cString: avcodec_get_name(par.pointee.codec_id)) != known.codecName { return true }
        }
        return false
    }

    /// The stream indices of the first programme as its latest PMT lists them (nil when the input
    /// has no programmes): on a PMT change libavformat keeps the old streams in its table but
    /// lists only the current ones here.
    var currentProgramStreams: Set<Int>? {
        guard let ctx = format, ctx.pointee.nb_programs > 0, let program = ctx.pointee.programs[0] else { return nil }
        guard let list = program.pointee.stream_index else { return [] }
        return Set((0..<Int(program.pointee.nb_stream_indexes)).map { Int(list[$0]) })
    }

    private static func frameDuration(_ par: AVCodecParameters, timeBase: AVRational) -> Int64? {
        guard par.codec_type == AVMEDIA_TYPE_AUDIO, par.sample_rate > 0, timeBase.num > 0 else { return nil }
        let samples = par.frame_size > 0 ? Int64(par.frame_size) : (par.codec_id == AV_CODEC_ID_AAC ? 1024 : 0)
        guard samples > 0 else { return nil }
        return samples * Int64(timeBase.den) / (Int64(par.sample_rate) * Int64(timeBase.num))
    }

    /// The input stream, for the muxers that copy its codec parameters (stays in the adapter).
    func stream(at index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard let ctx = format, index >= 0, index < Int(ctx.pointee.nb_streams) else { return nil }
        return ctx.pointee.streams[index]
    }

    /// Codec descriptions (for CODECS) of the given streams.
    func codecDescriptions(indices: [Int]) -> [CodecDescription] {
        indices.compactMap { stream(at: $0) }.compactMap { st in
            st.pointee.codecpar.map { CodecDescription(codecpar: UnsafePointer($0)) }
        }
    }

    /// Average frame rate of a video stream, if libavformat knows it.
    func frameRate(streamIndex: Int) -> Double? {
        guard let st = stream(at: streamIndex) else { return nil }
        let r = st.pointee.avg_frame_rate.num != 0 ? st.pointee.avg_frame_rate : st.pointee.r_frame_rate
        guard r.num > 0, r.den > 0 else { return nil }
        return Double(r.num) / Double(r.den)
    }

    /// The container's `creation_time` metadata (ISO 8601), if any.
    var creationTime: Date? {
        guard let ctx = format, let entry = av_dict_get(ctx.pointee.metadata, "creation_time", nil, 0),
              let value = entry.pointee.value else { return nil }
        return ISODate.parse(String(cString: value))
    }

    /// Tells libavformat to drop a stream's packets early (cheaper demux when only cues matter).
    func discard(streamIndex: Int) {
        guard let ctx = format, streamIndex < Int(ctx.pointee.nb_streams),
              let st = ctx.pointee.streams[streamIndex] else { return }
        st.pointee.discard = AVDISCARD_ALL
    }

    /// AVFormatContext.start_time in 90 kHz ticks (nil when unknown).
    var startTicks: Int64? {
        guard let ctx = format, ctx.pointee.start_time != pkgctl_nopts() else { return nil }
        return av_rescale(ctx.pointee.start_time, 90_000, Int64(AV_TIME_BASE))
    }

    var chapters: [ChapterInfo] {
        guard let ctx = format else { return [] }
        var result: [ChapterInfo] = []
        for i in 0..<Int(ctx.pointee.nb_chapters) {
            guard let ch = ctx.pointee.chapters[i] else { continue }
            let tb = ch.pointee.time_base
            let scale = tb.den == 0 ? 0 : Double(tb.num) / Double(tb.den)
            var title = ""
            if let entry = av_dict_get(ch.pointee.metadata, "title", nil, 0), let value = entry.pointee.value {
                title = String(cString: value)
            }
            result.append(ChapterInfo(index: i, title: title, start: Double(ch.pointee.start) * scale,
                                      end: Double(ch.pointee.end) * scale))
        }
        return result
    }

    /// Reads that may come back with EAGAIN in a row before the input counts as unreadable. The
    /// MPEG-TS demuxer answers EAGAIN after scanning its resync window (64 KiB) for a sync byte in
    /// vain; like ffmpeg, pkgctl reads on, and each try moves 64 KiB on, so this bounds a run of
    /// junk at about 256 MiB rather than a wait.
    static let maximumRetries = 4096

    /// The next packet, or nil at end of input.
    func read(into packet: DemuxedPacket) throws -> Bool {
        guard let ctx = format else { return false }
        var retries = 0
        while true {
            packet.unref()
            let r = av_read_frame(ctx, packet.packet)
            if r == FFmpegError.eof { return false }
            if r >= 0 { return true }
            retries += 1
            guard r == pkgctl_averror_eagain(), retries < Self.maximumRetries, interrupt?.isRaised != true else {
                throw FFmpegError(operation: "read", input: url, code: r)
            }
        }
    }
}
