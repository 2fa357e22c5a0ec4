import CFFmpeg
import Foundation

/// Frame-accurate splices of one H.264 or HEVC stream: given the packets of the GOP around a
/// splice (see `SpliceWindowRule`), returns the near side ending exactly before the splice and
/// the far side starting exactly at it, re-encoding only the pictures that must change (see
/// `SplicePlan`) with libx264 / libx265 set up like the source (see `SpliceEncoderSettings`).
///
/// Creating one fails with `VideoSpliceError.unsupportedCodec` (or `.unsupportedFormat`) for a
/// stream it cannot re-encode; the caller then cuts at keyframes, warning once per span.
final class VideoSpliceCutter {
    struct Options: Sendable {
        /// x264/x265 preset; nil: ultrafast with CABAC, deblocking and 8x8 transforms (x264), ultrafast (x265).
        var preset: String?
        var threads = 1
        /// Leave out of decoding the non-reference pictures nothing needs.
        var skipNonReferencePictures = true
        /// The stream's picture spacing in time-base ticks, when known up front: every cut then
        /// gives the encoder the same frame rate, so its SPS (VUI timing) is the one an fMP4 init
        /// segment was given (`muxerExtradata`); nil measures it from each window.
        var frameDuration: Int64?
        init(preset: String? = nil, threads: Int = 1, skipNonReferencePictures: Bool = true, frameDuration: Int64? = nil) {
            self.preset = preset
            self.threads = threads
            self.skipNonReferencePictures = skipNonReferencePictures
            self.frameDuration = frameDuration
        }
    }

    let streamIndex: Int
    let input: String
    let format: VideoSourceFormat
    let options: Options
    private(set) var parameters: UnsafeMutablePointer<AVCodecParameters>?
    let packetFormat: NALPacketFormat
    let sourceParameterSets: [[UInt8]]
    /// The SPS/PPS id the H.264 re-encoder uses (one the source's extradata does not).
    let parameterSetID: UInt32?

    init(parameters snapshot: CodecParametersSnapshot, streamIndex: Int, input: String, options: Options = Options()) throws {
        self.streamIndex = streamIndex
        self.input = input
        self.options = options
        guard let source = snapshot.parameters(of: streamIndex), let timeBase = snapshot.timeBases[streamIndex] else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: "stream \(streamIndex) (not in the snapshot)")
        }
        guard let format = VideoSourceFormat(codecpar: source, timeBase: timeBase) else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: String(cString: avcodec_get_name(source.pointee.codec_id)))
        }
        self.format = format
        packetFormat = NALPacketFormat(extradata: format.extradata, isHEVC: format.codec == .hevc)
        sourceParameterSets = DecoderConfigurationRecord.parameterSets(extradata: format.extradata, codec: format.codec)
        parameterSetID = format.codec == .h264 ? H264ParameterSetID.freeID(amongst: sourceParameterSets) : nil
        // Fail now, not at the first splice, when the source has no encoder equivalent.
        _ = try settings(bitRate: 1_000_000, frameDuration: 1)
        guard avcodec_find_encoder_by_name(format.codec == .h264 ? "libx264" : "libx265") != nil else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: format.codec.rawValue)
        }
        parameters = avcodec_parameters_alloc()
        guard let parameters, avcodec_parameters_copy(parameters, source) >= 0 else {
            throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy the codec parameters of", input: input, code: pkgctl_averror(ENOMEM)))
        }
    }

    deinit { avcodec_parameters_free(&parameters) }

    /// Frame-accurate: `after` starts with the picture displayed at `splice` (an IDR).
    func cut(_ window: [SpliceInputPacket], at splice: Int64) throws -> VideoSplice {
        let clock = SpliceClock()
        let frames = inspect(window)
        let plan = try SplicePlan.accurate(frames, splice: splice, input: input)
        var cost = SpliceCost()
        var encoded: [Int64: DemuxedPacket] = [:]
        if !plan.reencode.isEmpty, let parameters {
            let duration = pictureSpacing(frames)
            let reencoder = SpliceReencoder(parameters: parameters, format: format,
                                            settings: try settings(bitRate: measuredBitRate(window, frameDuration: duration),
                                                                   frameDuration: duration),
                                            packetFormat: packetFormat, decoderThreads: options.threads, input: input)
            let output = try reencoder.run(window: window, plan: plan)
            encoded = output.packets
            cost.framesDecoded = output.framesDecoded
            cost.framesReencoded = plan.reencode.count
            cost.reencodedBytes = output.bytes
            cost.encodeCPUMilliseconds = output.encodeCPUMilliseconds
        }
        var splice = try assemble(window, frames: frames, plan: plan, encoded: encoded)
        try makeResumeIDR(&splice, window: window)
        (cost.cpuMilliseconds, cost.wallMilliseconds) = clock.elapsed()
        splice.cost = cost
        return splice
    }

    /// Keyframe mode: the cut lands on the first keyframe at or after `splice`; its leading
    /// pictures (which predict from the near side) are dropped; nothing is decoded.
    func cutAtKeyframe(_ window: [SpliceInputPacket], at splice: Int64) throws -> VideoSplice {
        let clock = SpliceClock()
        let frames = inspect(window)
        let plan = try SplicePlan.atKeyframe(frames, splice: splice, input: input)
        var result = try assemble(window, frames: frames, plan: plan, encoded: [:])
        try makeResumeIDR(&result, window: window)
        if !plan.dropped.isEmpty {
            result.notes.append(.leadingPicturesDropped(count: plan.dropped.count, pts: plan.landedPTS))
        }
        (result.cost.cpuMilliseconds, result.cost.wallMilliseconds) = clock.elapsed()
        return result
    }

    /// What to give the fMP4 muxer as this stream's extradata so one init segment describes the
    /// source's pictures and re-encoded ones (H.264: both SPS/PPS pairs, distinct ids). nil for
    /// HEVC, whose re-encoded parameter sets reuse the source's ids and so travel in-band (the
    /// mp4 muxer writes `hev1`, which allows that).
    /// - Parameter frameDuration: the stream's picture spacing in its time base ticks, which the
    ///   re-encoder's SPS carries as VUI timing — the same value every cut measures from its window.
    func muxerExtradata(frameDuration: Int64) throws -> [UInt8]? {
        guard format.codec == .h264 else { return nil }
        let encoder = try SpliceFrameEncoder(settings: try settings(bitRate: 1_000_000, frameDuration: frameDuration),
                                             format: format, input: input, globalHeader: true)
        let added = NALUnits.split(annexB: encoder.extradata).filter { SpliceCodec.h264.isParameterSet($0) }
        if NALUnits.isAnnexB(format.extradata) || format.extradata.isEmpty {
            return NALPacketFormat.annexB.packet(sourceParameterSets.map { $0[...] } + added)
        }
        return DecoderConfigurationRecord.mergingAVC(format.extradata, adding: added.map(Array.init))
    }
}
