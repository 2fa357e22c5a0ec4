import CFFmpeg

/// libavformat over a segment held in memory (an fMP4 segment arrives with its init section
/// in front), read packet by packet without decoding. FFmpeg pointers stay in this file.
///
/// The cheap probe only opens the demuxer (the TS PMT or the fMP4 moov names the streams)
/// and reads packets; the detailed one also runs avformat_find_stream_info, which decodes a
/// little to learn profile, level, extradata, size and frame rate for the CODECS checks.
enum SegmentProbe {
    static func probe(_ bytes: [UInt8], detailed: Bool) throws -> ProbedSegment {
        let reader = MemoryReader(bytes)
        guard let context = avformat_alloc_context() else { throw MediaProbeError(reason: "out of memory") }
        var format: UnsafeMutablePointer<AVFormatContext>? = context
        guard let io = reader.makeContext() else {
            avformat_free_context(context)
            throw MediaProbeError(reason: "out of memory")
        }
        context.pointee.pb = io
        defer {
            avformat_close_input(&format)
            reader.free(io)
        }
        let opened = avformat_open_input(&format, nil, nil, nil)
        guard opened >= 0, let ctx = format else {
            format = nil
            throw MediaProbeError(reason: "libavformat cannot open it: \(FFmpegError.text(for: opened))")
        }
        if detailed {
            let probed = avformat_find_stream_info(ctx, nil)
            guard probed >= 0 else {
                throw MediaProbeError(reason: "libavformat cannot read its streams: \(FFmpegError.text(for: probed))")
            }
        }
        let count = Int(ctx.pointee.nb_streams)
        var packets = [[ProbedPacket]](repeating: [], count: count)
        guard let packet = av_packet_alloc() else { throw MediaProbeError(reason: "out of memory") }
        var pkt: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&pkt) }
        while true {
            let read = av_read_frame(ctx, packet)
            if read == FFmpegError.eof { break }
            guard read >= 0 else { throw MediaProbeError(reason: "libavformat stops reading it: \(FFmpegError.text(for: read))") }
            let index = Int(packet.pointee.stream_index)
            if index >= 0, index < count {
                let p = packet.pointee
                packets[index].append(ProbedPacket(
                    pts: p.pts == pkgctl_nopts() ? nil : p.pts, dts: p.dts == pkgctl_nopts() ? nil : p.dts,
                    duration: max(0, p.duration), isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0))
            }
            av_packet_unref(packet)
        }
        let name = ctx.pointee.iformat?.pointee.name.map { String(cString: $0) } ?? ""
        return ProbedSegment(format: name, streams: (0..<count).compactMap { index in
            guard let stream = ctx.pointee.streams[index], let par = stream.pointee.codecpar else { return nil }
            return describe(stream, par, detailed: detailed, packets: packets[index])
        })
    }

    private static func describe(_ stream: UnsafeMutablePointer<AVStream>, _ par: UnsafeMutablePointer<AVCodecParameters>,
                                 detailed: Bool, packets: [ProbedPacket]) -> ProbedStream {
        let kind: ProbedStream.Kind
        switch par.pointee.codec_type {
        case AVMEDIA_TYPE_VIDEO: kind = .video
        case AVMEDIA_TYPE_AUDIO: kind = .audio
        default: kind = .other
        }
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        return ProbedStream(
            kind: kind, codec: detailed ? CodecDescription(codecpar: UnsafePointer(par)) : nil,
            timeBase: (stream.pointee.time_base.num, stream.pointee.time_base.den),
            wrapBits: stream.pointee.pts_wrap_bits,
            frameRate: rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil,
            packets: packets)
    }
}

/// The bytes libavformat reads through a custom, seekable AVIOContext.
private final class MemoryReader {
    private let bytes: [UInt8]
    private var position = 0
    private static let bufferSize: Int32 = 32 * 1024

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func makeContext() -> UnsafeMutablePointer<AVIOContext>? {
        guard let buffer = av_malloc(Int(Self.bufferSize))?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        let context = avio_alloc_context(buffer, Self.bufferSize, 0, opaque, { opaque, buf, size in
            guard let opaque, let buf else { return pkgctl_averror(EINVAL) }
            return Unmanaged<MemoryReader>.fromOpaque(opaque).takeUnretainedValue().read(into: buf, size: Int(size))
        }, nil, { opaque, offset, whence in
            guard let opaque else { return Int64(pkgctl_averror(EINVAL)) }
            return Unmanaged<MemoryReader>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
        })
        if context == nil { av_free(buffer) }
        return context
    }

    func free(_ context: UnsafeMutablePointer<AVIOContext>) {
        var io: UnsafeMutablePointer<AVIOContext>? = context
        withUnsafeMutablePointer(to: &context.pointee.buffer) { av_freep($0) }
        avio_context_free(&io)
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int) -> Int32 {
        let count = min(size, bytes.count - position)
        guard count > 0 else { return FFmpegError.eof }
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            buffer.update(from: base + position, count: count)
        }
        position += count
        return Int32(count)
    }

    private func seek(_ offset: Int64, whence: Int32) -> Int64 {
        if whence & AVSEEK_SIZE != 0 { return Int64(bytes.count) }
        let target: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(position) + offset
        case SEEK_END: target = Int64(bytes.count) + offset
        default: return Int64(pkgctl_averror(EINVAL))
        }
        guard target >= 0, target <= Int64(bytes.count) else { return Int64(pkgctl_averror(EINVAL)) }
        position = Int(target)
        return target
    }
}
