/// The libx264 / libx265 configuration that makes re-encoded pictures interchangeable with the
/// source's in one stream: same profile, level, tier, resolution, bit depth, chroma, SAR,
/// colour description and scan (copied onto the codec context), the GOP's measured bitrate, and
/// the structure the splice needs: no B-frames and no lookahead (pictures come out in display
/// order, one per input, so the planner's decode times fit), no scene-cut or periodic
/// keyframes (IDRs only where the cutter forces them), closed GOPs, in-band parameter sets.
struct SpliceEncoderSettings: Equatable, Sendable {
    var encoderName: String
    /// AVOptions of the encoder (preset, profile, level, forced-idr, and the x264/x265 params).
    var options: [String: String]
    var bitRate: Int
    var maxRate: Int
    var bufferSize: Int
    var frameRate: (num: Int32, den: Int32)
    var threads: Int

    static func == (a: SpliceEncoderSettings, b: SpliceEncoderSettings) -> Bool {
        a.encoderName == b.encoderName && a.options == b.options && a.bitRate == b.bitRate && a.maxRate == b.maxRate
            && a.bufferSize == b.bufferSize && a.frameRate == b.frameRate && a.threads == b.threads
    }

    /// - Parameters:
    ///   - bitRate: bits per second measured over the splice's GOP; VBV allows 1.5× that, over one
    ///     second, so the extra IDR a splice adds cannot make its segment a peak-bitrate outlier.
    ///   - parameterSetID: H.264 SPS/PPS id the source does not use (see `H264ParameterSetID`).
    static func make(for format: VideoSourceFormat, input: String, bitRate: Int, frameRate: (num: Int32, den: Int32),
                     parameterSetID: UInt32?, preset: String?, threads: Int) throws -> SpliceEncoderSettings {
        var options = ["forced-idr": "1"]
        var params = ["scenecut=0", "rc-lookahead=0", "open-gop=0", "repeat-headers=1", "annexb=1"]
        let name: String
        switch format.codec {
        case .h264:
            name = "libx264"
            // ultrafast with the deblocking filter back on (and 8x8 transforms where the profile has
            // them), CAVLC kept: a 720p picture costs 3.4 ms on one core here, against 4.4 ms with
            // CABAC (the 5-minute bench input, issue 11's goal of 0.2 s CPU per splice, which CABAC
            // misses by about 15%) and 5.8 ms for veryfast. The deblocking filter costs almost
            // nothing and its absence shows as blocks. CAVLC costs quality only on the pictures a
            // splice re-encodes (at most the rest of one GOP, at the bitrate measured from it):
            // 44.0 dB luma PSNR against 45.1 with CABAC at 3 Mb/s on the bench picture.
            options["preset"] = preset ?? "ultrafast"
            options["profile"] = try x264Profile(format, input: input)
            if let level = x264Level(format.level) { options["level"] = level }
            // One allowed B-frame that is never used (every picture is forced I or P): with B-frames
            // off, x264 switches to POC type 2, and the source's open-GOP keyframe that follows
            // re-encoded pictures would then be ordered by a picture order count computed from the
            // wrong kind of predecessor. With it, x264 keeps POC type 0 and signals a reorder depth
            // of one, so decoders release the re-encoded pictures before the resume keyframe.
            params += ["keyint=infinite", "bframes=1", "b-pyramid=none", "b-adapt=0", "weightb=0", "sync-lookahead=0", "mbtree=0"]
            if preset == nil {
                params += ["deblock=0,0"]
                if ["high", "high10", "high422", "high444"].contains(options["profile"]) { params.append("8x8dct=1") }
            }
            if let parameterSetID { params.append("sps-id=\(parameterSetID)") }
            switch format.scan {
            case .progressive: break
            case .topFieldFirst: params += ["interlaced=1", "tff=1"]
            case .bottomFieldFirst: params += ["interlaced=1", "bff=1"]
            }
            options["x264-params"] = params.joined(separator: ":")
        case .hevc:
            name = "libx265"
            guard format.scan == .progressive else {
                throw VideoSpliceError.unsupportedFormat(input: input, reason: "interlaced HEVC (field pictures) is not re-encoded")
            }
            options["preset"] = preset ?? "ultrafast"
            options["profile"] = try x265Profile(format, input: input)
            params += ["log-level=error", "bframes=0", "keyint=-1", "cutree=0", "info=0", "hrd=0", "frame-threads=1",
                       threads > 1 ? "pools=\(threads)" : "pools=none", "high-tier=\(format.highTier ? 1 : 0)"]
            if let level = x265Level(format.level) { params.append("level-idc=\(level)") }
            options["x265-params"] = params.joined(separator: ":")
        }
        let rate = max(bitRate, 100_000)
        return SpliceEncoderSettings(encoderName: name, options: options, bitRate: rate, maxRate: rate * 3 / 2,
                                     bufferSize: rate * 3 / 2, frameRate: frameRate, threads: max(threads, 1))
    }

    static func x264Profile(_ format: VideoSourceFormat, input: String) throws -> String {
        try x264Profile(profile: format.profile, input: input)
    }

    static func x264Profile(profile: Int, input: String) throws -> String {
        let intra = profile & (1 << 11) != 0
        let names = [66: "baseline", 77: "main", 100: "high", 110: "high10", 122: "high422", 244: "high444"]
        guard !intra, let name = names[profile & 0xFF] else {
            throw VideoSpliceError.unsupportedFormat(input: input, reason: "H.264 profile \(profile) has no libx264 equivalent")
        }
        return name
    }

    static func x265Profile(_ format: VideoSourceFormat, input: String) throws -> String {
        try x265Profile(profile: format.profile, bitDepth: format.bitDepth, chromaSubsampling: format.chromaSubsampling,
                        pixels: format.pixelFormatName, input: input)
    }

    /// - Parameter pixels: how the message names the picture format.
    static func x265Profile(profile: Int, bitDepth: Int, chromaSubsampling sub: (x: Int, y: Int), pixels: String,
                            input: String) throws -> String {
        let chroma = sub == (1, 1) ? "" : sub == (1, 0) ? "422-" : sub == (0, 0) ? "444-" : nil
        guard let chroma, [8, 10, 12].contains(bitDepth), profile >= 1, profile <= 4 else {
            throw VideoSpliceError.unsupportedFormat(input: input, reason: "HEVC profile \(profile) with \(pixels) has no libx265 equivalent")
        }
        if chroma.isEmpty {
            return bitDepth == 8 ? "main" : "main\(bitDepth)"
        }
        return "main\(chroma)\(bitDepth)"
    }

    /// level_idc → "3.1"; 9 is level 1b.
    static func x264Level(_ level: Int) -> String? {
        guard level > 0 else { return nil }
        if level == 9 { return "1b" }
        return level % 10 == 0 ? "\(level / 10)" : "\(level / 10).\(level % 10)"
    }

    /// general_level_idc (30 × level) → "3.1".
    static func x265Level(_ level: Int) -> String? {
        guard level > 0, level % 3 == 0 else { return nil }
        let tenths = level / 3
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
