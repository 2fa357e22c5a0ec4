import CFFmpeg
import CueDetect
import Foundation

/// libavformat demuxing of one segment held in memory (TS, or fMP4 with its init segment in
/// front). Each segment is opened on its own: a stitched presentation's segments need not share
/// timestamps, stream layout or codec parameters, and libavformat's HLS demuxer does not reset
/// at discontinuities.
final class SegmentDemuxer {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private let io: MemoryIOContext
    let name: String
    private(set) var streams: [StreamInfo] = []

    init(bytes: Data, name: String) throws {
        self.name = name
        io = try MemoryIOContext(bytes, name: name)
        guard let ctx = avformat_alloc_context() else {
            throw FFmpegError(operation: "allocate a demuxer for", input: name, code: pkgctl_averror(ENOMEM))
        }
        ctx.pointee.pb = io.context
        ctx.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var maybe: UnsafeMutablePointer<AVFormatContext>? = ctx
        let opened = avformat_open_input(&maybe, nil, nil, nil)
        guard opened >= 0, let opened_ctx = maybe else { throw FFmpegError(operation: "open", input: name, code: opened) }
        format = opened_ctx
        let info = avformat_find_stream_info(opened_ctx, nil)
        guard info >= 0 else { throw FFmpegError(operation: "read stream information from", input: name, code: info) }
        for i in 0..<Int(opened_ctx.pointee.nb_streams) {
            guard let st = opened_ctx.pointee.streams[i], let par = st.pointee.codecpar else { continue }
            let kind: StreamInfo.Kind
            switch par.pointee.codec_type {
            case AVMEDIA_TYPE_VIDEO: kind = .video
            case AVMEDIA_TYPE_AUDIO: kind = .audio
            case AVMEDIA_TYPE_SUBTITLE: kind = .subtitle
            case AVMEDIA_TYPE_DATA: kind = .data
            default: kind = .other
            }
            streams.append(StreamInfo(index: i, id: Int(st.pointee.id), kind: kind,
                                      codecName: String(cString: avcodec_get_name(par.pointee.codec_id)),
                                      isSCTE35: par.pointee.codec_id == AV_CODEC_ID_SCTE_35,
                                      timeBase: (st.pointee.time_base.num, st.pointee.time_base.den),
                                      width: Int(par.pointee.width), height: Int(par.pointee.height)))
        }
    }

    deinit { avformat_close_input(&format) }

    var formatName: String { format?.pointee.iformat?.pointee.name.map { String(cString: $0) } ?? "" }
    var videoIndex: Int? { streams.first { $0.kind == .video }?.index }
    var audioIndices: [Int] { streams.filter { $0.kind == .audio }.map(\.index) }

    func stream(at index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard let ctx = format, index >= 0, index < Int(ctx.pointee.nb_streams) else { return nil }
        return ctx.pointee.streams[index]
    }

    /// Whether the stream's timestamps wrap at 2^33 (MPEG-TS) rather than running on (MP4).
    func wraps(_ index: Int) -> Bool { (stream(at: index)?.pointee.pts_wrap_bits ?? 64) == 33 }

    func codecDescription(_ index: Int) -> CodecDescription? {
        stream(at: index)?.pointee.codecpar.map { CodecDescription(codecpar: UnsafePointer($0)) }
    }

    /// The signature of this segment's media; `frameRate` is measured from its frames.
    func signature(frameRate: Double) -> MediaSignature {
        let video = videoIndex.flatMap { stream(at: $0)?.pointee.codecpar?.pointee }
        let audio = audioIndices.compactMap { stream(at: $0)?.pointee.codecpar?.pointee }.map { par in
            MediaSignature.Audio(codec: String(cString: avcodec_get_name(par.codec_id)), sampleRate: Int(par.sample_rate),
                                 channels: Int(par.ch_layout.nb_channels))
        }
        return MediaSignature(videoCodec: video.map { String(cString: avcodec_get_name($0.codec_id)) } ?? "none",
                              width: Int(video?.width ?? 0), height: Int(video?.height ?? 0), frameRate: frameRate, audio: audio)
    }

    /// The next packet, or false at the end of the segment.
    func read(into packet: DemuxedPacket) throws -> Bool {
        guard let ctx = format else { return false }
        packet.unref()
        let r = av_read_frame(ctx, packet.packet)
        if r == FFmpegError.eof { return false }
        guard r >= 0 else { throw FFmpegError(operation: "read", input: name, code: r) }
        return true
    }
}

extension DemuxedPacket {
    /// Timestamps in 90 kHz ticks (as the stream's time base gives them).
    func ticks(timeBase: (num: Int32, den: Int32)) -> (pts: Int64?, dts: Int64?, duration: Int64) {
        let base = AVRational(num: timeBase.num, den: timeBase.den), target = AVRational(num: 1, den: 90_000)
        return (pts.map { av_rescale_q($0, base, target) }, dts.map { av_rescale_q($0, base, target) },
                av_rescale_q(duration, base, target))
    }

    /// Rewrites the packet for the pipeline: its stream index there and its place on the
    /// continuous 90 kHz timeline.
    func retime(pts: Int64, dts: Int64, duration: Int64, streamIndex: Int) {
        guard let p = packet else { return }
        p.pointee.pts = pts
        p.pointee.dts = dts
        p.pointee.duration = duration
        p.pointee.stream_index = Int32(streamIndex)
        p.pointee.pos = -1
    }
}
