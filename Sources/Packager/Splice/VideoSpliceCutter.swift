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
        /// Keep freed picture buffers in the heap for the next splice (`SpliceHeap`; vod).
        var keepsPictureBuffers = false
        init(preset: String? = nil, threads: Int = 1, skipNonReferencePictures: Bool = true, frameDuration: Int64? = nil,
             keepsPictureBuffers: Bool = false) {
            self.preset = preset
            self.threads = threads
            self.skipNonReferencePictures = skipNonReferencePictures
            self.frameDuration = frameDuration
            self.keepsPictureBuffers = keepsPictureBuffers
        }
    }

    let streamIndex: Int
    let input: String
    let codec: SpliceCodec
    let timeBase: (num: Int32, den: Int32)
    /// The source's extradata: Annex B parameter sets (TS) or a configuration record (MP4).
    let extradata: [UInt8]
    let options: Options
    let packetFormat: NALPacketFormat
    let sourceParameterSets: [[UInt8]]
    /// The SPS/PPS id the H.264 re-encoder uses (one the source's extradata does not).
    let parameterSetID: UInt32?
    /// What the re-encoder matches and decodes with: read when the cutter is made from a read
    /// snapshot; from a deferred one (pkgctl's own TS probe), at the first re-encode, so a run
    /// whose splices all fall on keyframes never opens FFmpeg.
    private var encoding: Encoding
    /// Some window had pictures re-encoded (their parameter sets are then in the output).
    private(set) var hasReencoded = false

    private enum Encoding {
        case ready(VideoSourceFormat, UnsafeMutablePointer<AVCodecParameters>)
        case deferred(CodecParametersSnapshot)
        case failed(Error)
    }

    init(parameters snapshot: CodecParametersSnapshot, streamIndex: Int, input: String, options: Options = Options()) throws {
        self.streamIndex = streamIndex
        self.input = input
        self.options = options
        if snapshot.isDeferred, let outline = snapshot.outlines[streamIndex] {
            (codec, timeBase, extradata) = (outline.codec, outline.timeBase, outline.extradata)
            encoding = .deferred(snapshot)
            // Refuse now, as a read snapshot does, a stream no encoder profile matches.
            switch outline.codec {
            case .h264: _ = try SpliceEncoderSettings.x264Profile(profile: outline.profile, input: input)
            case .hevc:
                _ = try SpliceEncoderSettings.x265Profile(profile: outline.profile, bitDepth: outline.bitDepth,
                                                          chromaSubsampling: outline.chromaSubsampling,
                                                          pixels: "chroma_format_idc \(outline.chromaFormat), \(outline.bitDepth)-bit", input: input)
            }
        } else {
            let (format, parameters) = try Self.encoderSource(snapshot, streamIndex: streamIndex, input: input)
            (codec, timeBase, extradata) = (format.codec, format.timeBase, format.extradata)
            encoding = .ready(format, parameters)
        }
        packetFormat = NALPacketFormat(extradata: extradata, isHEVC: codec == .hevc)
        sourceParameterSets = DecoderConfigurationRecord.parameterSets(extradata: extradata, codec: codec)
        parameterSetID = codec == .h264 ? H264ParameterSetID.freeID(amongst: sourceParameterSets) : nil
        // Fail now, not at the first splice, when the source has no encoder equivalent.
        if case .ready = encoding { _ = try settings(bitRate: 1_000_000, frameDuration: 1) }
    }

    deinit {
        if case .ready(_, let parameters) = encoding {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&pointer)
        }
    }

    /// The full source format and a copy of the codec parameters, read from libavformat.
    private static func encoderSource(_ snapshot: CodecParametersSnapshot, streamIndex: Int,
                                      input: String) throws -> (VideoSourceFormat, UnsafeMutablePointer<AVCodecParameters>) {
        guard let source = try snapshot.loadedParameters(of: streamIndex), let timeBase = snapshot.timeBases[streamIndex] else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: "stream \(streamIndex) (not in the snapshot)")
        }
        guard let format = VideoSourceFormat(codecpar: source, timeBase: timeBase) else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: String(cString: avcodec_get_name(source.pointee.codec_id)))
        }
        guard avcodec_find_encoder_by_name(format.codec == .h264 ? "libx264" : "libx265") != nil else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: format.codec.rawValue)
        }
        guard let parameters = avcodec_parameters_alloc() else {
            throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy the codec parameters of", input: input, code: pkgctl_averror(ENOMEM)))
        }
        guard avcodec_parameters_copy(parameters, source) >= 0 else {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&pointer)
            throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy the codec parameters of", input: input, code: pkgctl_averror(ENOMEM)))
        }
        return (format, parameters)
    }

    /// The source format the re-encoder matches, and its codec parameters (read now if deferred).
    func encoderSource() throws -> (format: VideoSourceFormat, parameters: UnsafeMutablePointer<AVCodecParameters>) {
        switch encoding {
        case .ready(let format, let parameters): return (format, parameters)
        case .failed(let error): throw error
        case .deferred(let snapshot):
            do {
                let (format, parameters) = try Self.encoderSource(snapshot, streamIndex: streamIndex, input: input)
                guard format.codec == codec else {
                    throw VideoSpliceError.unsupportedCodec(input: input, codec: "\(format.codec.rawValue) (probed as \(codec.rawValue))")
                }
                encoding = .ready(format, parameters)
                return (format, parameters)
            } catch {
                encoding = .failed(error)
                throw error
            }
        }
    }

    /// Frame-accurate: `after` starts with the picture displayed at `splice` (an IDR).
    func cut(_ window: [SpliceInputPacket], at splice: Int64) throws -> VideoSplice {
        let clock = SpliceClock()
        let frames = inspect(window)
        let plan = try SplicePlan.accurate(frames, splice: splice, input: input)
        var cost = SpliceCost()
        var encoded: [Int64: DemuxedPacket] = [:]
        if !plan.reencode.isEmpty {
            if options.keepsPictureBuffers { SpliceHeap.keepPictureBuffers() }
            let duration = pictureSpacing(frames)
            let source = try encoderSource()
            let reencoder = SpliceReencoder(parameters: source.parameters, format: source.format,
                                            settings: try settings(bitRate: measuredBitRate(window, frameDuration: duration),
                                                                   frameDuration: duration),
                                            packetFormat: packetFormat, decoderThreads: options.threads, input: input)
            let output = try reencoder.run(window: window, plan: plan)
            hasReencoded = true
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
        guard codec == .h264 else { return nil }
        let encoder = try SpliceFrameEncoder(settings: try settings(bitRate: 1_000_000, frameDuration: frameDuration),
                                             format: try encoderSource().format, input: input, globalHeader: true)
        let added = NALUnits.split(annexB: encoder.extradata).filter { SpliceCodec.h264.isParameterSet($0) }
        if NALUnits.isAnnexB(extradata) || extradata.isEmpty {
            return NALPacketFormat.annexB.packet(sourceParameterSets.map { $0[...] } + added)
        }
        return DecoderConfigurationRecord.mergingAVC(extradata, adding: added.map(Array.init))
    }
}
