import CueDetect

/// The stream table of a local MPEG-TS file, read by pkgctl's own indexer from the first
/// megabytes (libavformat's probe reads 5 MB), so that the byte-level TS path needs no FFmpeg at
/// all: opening FFmpeg's libraries and probing cost about 30 ms of a 130 ms `pkgctl vod` run.
///
/// It describes a file only where it gives what libavformat 5.1's `avformat_find_stream_info`
/// gives — the same streams in the same order, codec names, sizes, frame rate, sample rate,
/// extradata — and says nil otherwise, so the caller asks libavformat: one programme whose PMT
/// lists only H.264 or HEVC video (progressive, cropped at the right and bottom only), AAC-LC in
/// ADTS at 32 kHz or more (below that an ADTS stream may carry SBR, which FFmpeg's decoder reports
/// as HE-AAC and this header cannot show), and SCTE-35 on stream_type 0x86 with the CUEI
/// registration in the programme loop (the only SCTE-35 PID libavformat lists as a stream).
struct TSStreamProbe: Equatable {
    struct Video: Equatable {
        /// Codec, FFmpeg's profile number, chroma format, bit depth, and as extradata the
        /// parameter sets of the first picture that carries an SPS, each after a 4-byte start
        /// code (what libavformat's extract_extradata keeps).
        var outline: VideoStreamOutline
        var level: Int
        var width: Int
        var height: Int
        var frameRate: (num: Int64, den: Int64)

        static func == (a: Video, b: Video) -> Bool {
            a.outline == b.outline && a.level == b.level && a.width == b.width && a.height == b.height && a.frameRate == b.frameRate
        }
    }

    struct Audio: Equatable {
        /// MPEG-4 audio object type (2: AAC-LC).
        var objectType: Int
        var sampleRate: Int
        var channels: Int
    }

    enum Content: Equatable {
        case video(Video), audio(Audio), scte35
    }

    struct Stream: Equatable {
        var pid: Int
        var content: Content
    }

    /// In PMT order, as libavformat numbers them.
    var streams: [Stream]
    /// The earliest first PTS of the video and audio streams (libavformat's start_time).
    var startTicks: Int64?

    /// Bytes read at most, as libavformat's default probesize.
    static let budget = 5_000_000
    /// Decode intervals the frame rate is measured over (libavformat's fps_analyze_framecount).
    static let rateIntervals = 20

    /// Probes `path`; nil when it is not a file this probe describes as libavformat would.
    static func read(path: String) throws -> TSStreamProbe? {
        let input = try TSInputWindow(mappingFile: path)
        var scan = Scan(input: input)
        var window: Int64 = 0
        while scan.indexer.stats.bytes < budget, !scan.isComplete, let bytes = try input.fileWindow(window) {
            scan.feed(UnsafeRawBufferPointer(rebasing: bytes.prefix(budget - Int(scan.indexer.stats.bytes))))
            if scan.refused { return nil }
            window += 1
        }
        return scan.result()
    }

    /// The indexer over the input's first bytes and what each PMT stream has shown so far.
    struct Scan {
        let input: TSInputWindow
        let indexer = TSIndexer()
        var program: ProgramMap?
        var refused = false
        var parameterSets: [Int: [UInt8]] = [:]
        var decodeTimes: [Int: [Int64]] = [:]
        var audio: [Int: Audio] = [:]
        var firstPTS: [Int: Int64] = [:]
        private var units: [TSAccessUnit] = []

        init(input: TSInputWindow) { self.input = input }

        mutating func feed(_ bytes: UnsafeRawBufferPointer) {
            units.removeAll(keepingCapacity: true)
            indexer.feed(bytes, into: &units)
            for unit in units { take(unit) }
        }

        var isComplete: Bool {
            guard let program else { return false }
            return program.streams.allSatisfy { stream in
                switch stream.streamType {
                case 0x1B, 0x24: return parameterSets[stream.pid] != nil && (decodeTimes[stream.pid]?.count ?? 0) > rateIntervals
                case 0x0F: return audio[stream.pid] != nil
                default: return true
                }
            }
        }

        private mutating func take(_ unit: TSAccessUnit) {
            switch unit.kind {
            case .programTable:
                guard let section = unit.section, section.first == 0x02 else { return }
                guard program == nil, indexer.programs.count == 1, let map = ProgramMap.parse(section, pid: unit.pid),
                      map.streams.allSatisfy({ Self.describable($0, in: map) }),
                      map.streams.contains(where: { $0.streamType == 0x1B || $0.streamType == 0x24 }) else {
                    refused = true                   // a second programme or PMT version, or a stream type left to libavformat
                    return
                }
                program = map
            case .video, .audio:
                guard let program, let stream = program.streams.first(where: { $0.pid == unit.pid }) else { return }
                if let pts = unit.pts, firstPTS[unit.pid] == nil { firstPTS[unit.pid] = pts }
                if stream.streamType == 0x0F { readAudio(unit) } else { readVideo(unit, hevc: stream.streamType == 0x24) }
            default:
                return
            }
        }

        static func describable(_ stream: ElementaryStream, in map: ProgramMap) -> Bool {
            [0x1B, 0x24, 0x0F].contains(stream.streamType) || map.libavformatExposesSCTE35(pid: stream.pid)
        }

        private mutating func readVideo(_ unit: TSAccessUnit, hevc: Bool) {
            if parameterSets[unit.pid] != nil {
                if let t = unit.decodeTicks, (decodeTimes[unit.pid]?.count ?? 0) <= rateIntervals { decodeTimes[unit.pid]?.append(t) }
                return
            }
            guard let (_, es) = try? TSUnitPayload.gather(unit, input: input, grid: indexer.grid) else { return }
            let codec: SpliceCodec = hevc ? .hevc : .h264
            let units = Self.rawUnits(es)
            guard units.contains(where: { codec.type(of: $0) == (hevc ? 33 : 7) }) else { return }
            parameterSets[unit.pid] = units.filter(codec.isParameterSet).flatMap { [0, 0, 1] + $0 }
            decodeTimes[unit.pid] = unit.decodeTicks.map { [$0] } ?? []
        }

        /// The NAL units of an Annex B access unit as FFmpeg's splitter gives their raw bytes: from
        /// after each `00 00 01` to the next one, so a unit followed by a 4-byte start code keeps
        /// that code's first zero (libavformat's extradata is these, each after `00 00 01`).
        static func rawUnits(_ es: [UInt8]) -> [ArraySlice<UInt8>] {
            var starts: [Int] = []
            var from = 0
            while let next = NALUnits.payloadStart(in: es, from: from) {
                starts.append(next)
                from = next
            }
            return starts.indices.map { k in es[starts[k]..<(k + 1 < starts.count ? starts[k + 1] - 3 : es.count)] }
        }

        private mutating func readAudio(_ unit: TSAccessUnit) {
            guard audio[unit.pid] == nil, let (_, es) = try? TSUnitPayload.gather(unit, input: input, grid: indexer.grid),
                  let frames = es.withUnsafeBytes({ ADTSFrames($0, strict: false) }), let at = frames.offsets.first else { return }
            // ADTS: profile (object type - 1) in 2 bits, then the rate index, then channel_configuration.
            let channels = Int(es[at + 2] & 0x01) << 2 | Int(es[at + 3] >> 6)
            audio[unit.pid] = Audio(objectType: Int(es[at + 2] >> 6) + 1, sampleRate: frames.sampleRate, channels: channels)
        }

        func result() -> TSStreamProbe? {
            guard let program else { return nil }
            var streams: [Stream] = []
            for stream in program.streams {
                switch stream.streamType {
                case 0x1B, 0x24:
                    guard let video = video(stream.pid, hevc: stream.streamType == 0x24) else { return nil }
                    streams.append(Stream(pid: stream.pid, content: .video(video)))
                case 0x0F:
                    // AAC-LC (object type 2) with 1 to 6 channels, at a rate where SBR cannot hide (see above).
                    guard let audio = audio[stream.pid], audio.objectType == 2, (1...6).contains(audio.channels),
                          audio.sampleRate >= 32_000 else { return nil }
                    streams.append(Stream(pid: stream.pid, content: .audio(audio)))
                default:
                    streams.append(Stream(pid: stream.pid, content: .scte35))
                }
            }
            return TSStreamProbe(streams: streams, startTicks: firstPTS.values.min())
        }

        private func video(_ pid: Int, hevc: Bool) -> Video? {
            guard let extradata = parameterSets[pid], let times = decodeTimes[pid], times.count > 6 else { return nil }
            let sps = NALUnits.split(annexB: extradata).first { (hevc ? SpliceCodec.hevc : .h264).type(of: $0) == (hevc ? 33 : 7) }
            guard let sps, var video = hevc ? Self.hevc(sps, extradata: extradata) : Self.h264(sps, extradata: extradata) else { return nil }
            let interval = Double(times[times.count - 1] - times[0]) / Double(times.count - 1)
            guard interval > 0, let rate = StandardFrameRate.nearest(measured: 90_000 / interval, codec: video.frameRate.num > 0
                    ? Double(video.frameRate.num) / Double(video.frameRate.den) : nil) else { return nil }
            // The measured rate must itself be that standard rate (0.2 %): where the codec's rate
            // decided, or the pictures' spacing wanders, libavformat's own average may differ.
            guard abs(90_000 / interval / (Double(rate.num) / Double(rate.den)) - 1) < 0.002 else { return nil }
            video.frameRate = rate
            return video
        }

        /// The SPS's fields; frameRate holds the VUI rate (0/1 without one) until measured.
        private static func h264(_ unit: ArraySlice<UInt8>, extradata: [UInt8]) -> Video? {
            guard let sps = try? H264SequenceParameters(Array(unit)), sps.frameMbsOnly, let picture = sps.picture,
                  picture.crop.left == 0, picture.crop.top == 0, let size = sps.croppedSize else { return nil }
            var profile = Int(sps.profileIDC)
            if profile == 66, sps.constraintFlags & 0x40 != 0 { profile |= 1 << 9 }              // constrained baseline
            if [110, 122, 244].contains(profile), sps.constraintFlags & 0x10 != 0 { profile |= 1 << 11 }   // intra
            var rate: (num: Int64, den: Int64) = (0, 1)
            if let timing = picture.timing, timing.unitsInTick > 0, timing.timeScale > 0 {
                rate = (Int64(timing.timeScale), 2 * Int64(timing.unitsInTick))
            }
            return Video(outline: outline(.h264, profile: profile, chromaFormat: sps.chromaFormat, bitDepth: sps.bitDepthLuma,
                                          extradata: extradata),
                         level: Int(sps.levelIDC), width: size.width, height: size.height, frameRate: rate)
        }

        /// HEVC's own rate (VPS or VUI timing, deep in the SPS) is not read: libavformat weighs it
        /// like H.264's, so a stream whose timing names another standard rate than its pictures'
        /// spacing would get libavformat's choice wrong here. Encoders write the spacing they use.
        private static func hevc(_ unit: ArraySlice<UInt8>, extradata: [UInt8]) -> Video? {
            guard let sps = try? HEVCSequenceParameters(unit), !sps.interlacedSource, (1...4).contains(sps.profileIDC),
                  sps.window.left == 0, sps.window.top == 0, let size = sps.croppedSize else { return nil }
            return Video(outline: outline(.hevc, profile: Int(sps.profileIDC), chromaFormat: sps.chromaFormat,
                                          bitDepth: sps.bitDepthLuma, extradata: extradata),
                         level: Int(sps.levelIDC), width: size.width, height: size.height, frameRate: (0, 1))
        }

        private static func outline(_ codec: SpliceCodec, profile: Int, chromaFormat: UInt32, bitDepth: Int,
                                    extradata: [UInt8]) -> VideoStreamOutline {
            VideoStreamOutline(codec: codec, profile: profile, chromaFormat: Int(chromaFormat), bitDepth: bitDepth,
                               timeBase: (1, 90_000), extradata: extradata)
        }
    }
}
