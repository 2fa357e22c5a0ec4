import CFFmpeg

/// Decodes a window's packets and re-encodes the pictures a `SplicePlan` names, in display order,
/// with IDRs at the first of them and at the splice.
struct SpliceReencoder {
    let parameters: UnsafePointer<AVCodecParameters>
    let format: VideoSourceFormat
    let settings: SpliceEncoderSettings
    let packetFormat: NALPacketFormat
    let decoderThreads: Int
    let input: String

    struct Output {
        /// Re-encoded packets by PTS (caller's timeline), in the source's NAL framing.
        var packets: [Int64: DemuxedPacket] = [:]
        var framesDecoded = 0
        var bytes = 0
        var encodeCPUMilliseconds = 0.0
    }

    func run(window: [SpliceInputPacket], plan: SplicePlan) throws -> Output {
        let decoder = try SpliceFrameDecoder(parameters: parameters,
                                             timeBase: AVRational(num: format.timeBase.num, den: format.timeBase.den),
                                             threads: decoderThreads, input: input)
        let opening = SpliceClock()
        let encoder = try SpliceFrameEncoder(settings: settings, format: format, input: input)
        let openCPU = opening.elapsed().cpu
        let wanted = plan.reencode
        let wantedSet = Set(wanted)
        var held: [Int64: UnsafeMutablePointer<AVFrame>] = [:]
        defer { for (_, frame) in held { var f: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&f) } }
        var next = 0
        var output = Output()
        output.encodeCPUMilliseconds = openCPU
        let coded: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
            guard let made = DemuxedPacket.splicePacket(encoded: packet, format: packetFormat) else {
                throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy a re-encoded packet of", input: input, code: pkgctl_averror(ENOMEM)))
            }
            output.packets[packet.pointee.pts] = made
            output.bytes += made.byteCount
        }
        let picture: (UnsafeMutablePointer<AVFrame>) throws -> Void = { frame in
            let pts = frame.pointee.pts
            guard wantedSet.contains(pts), held[pts] == nil else { return }
            guard frame.pointee.width == Int32(format.width), frame.pointee.height == Int32(format.height),
                  frame.pointee.format == format.pixelFormat else {
                throw VideoSpliceError.unsupportedFormat(input: input, reason: "the picture at PTS \(pts) is \(frame.pointee.width)x\(frame.pointee.height), the stream's parameters say \(format.width)x\(format.height) \(format.pixelFormatName)")
            }
            held[pts] = av_frame_clone(frame)
            while next < wanted.count, let ready = held.removeValue(forKey: wanted[next]) {
                var owned: UnsafeMutablePointer<AVFrame>? = ready
                defer { av_frame_free(&owned) }
                let clock = SpliceClock()
                try encoder.encode(ready, pts: wanted[next], idr: next == 0 || wanted[next] == plan.landedPTS, coded: coded)
                output.encodeCPUMilliseconds += clock.elapsed().cpu
                next += 1
            }
        }
        for index in plan.decode where next < wanted.count {
            let item = window[index]
            try decoder.decode(item.packet, pts: item.pts, dts: item.dts, picture: picture)
        }
        if next < wanted.count { try decoder.finish(picture: picture) }
        let clock = SpliceClock()
        try encoder.finish(coded: coded)
        output.encodeCPUMilliseconds += clock.elapsed().cpu
        output.framesDecoded = decoder.framesDecoded
        let missing = wanted.filter { output.packets[$0] == nil }
        guard missing.isEmpty else { throw VideoSpliceError.framesNotDecoded(input: input, pts: missing) }
        return output
    }
}
