import CFFmpeg

/// The parts of a cut around the re-encode: reading the window's packets, encoder settings from
/// the window, and putting the planned output together as packets on the source's timeline.
extension VideoSpliceCutter {
    func inspect(_ window: [SpliceInputPacket]) -> [SpliceFrame] {
        var frames: [SpliceFrame] = []
        frames.reserveCapacity(window.count)
        var singleLayer = true
        for item in window {
            var frame = SpliceFrame(pts: item.pts, dts: item.dts, isKeyframe: item.packet.isKeyframe)
            if options.skipNonReferencePictures, !frame.isKeyframe, let slice = firstSliceHeader(item.packet) {
                frame.isNonReference = codec.isNonReference(slice)
                if codec.temporalIDPlusOne(slice) > 1 { singleLayer = false }
            }
            frames.append(frame)
        }
        // With temporal sub-layers, an HEVC "non-reference" picture may still be referenced by a higher layer.
        if !singleLayer { for i in frames.indices { frames[i].isNonReference = false } }
        return frames
    }

    /// The header of the packet's first VCL NAL unit, read from its first bytes when it lies
    /// there: a packet whose bytes are still in the input's TS packets (`DeferredPacketBytes`)
    /// is then not gathered whole, where gathering a window's sixty pictures to read a few
    /// bytes of each was 1.7 % of an fMP4 run of the bench input (perf).
    private func firstSliceHeader(_ packet: DemuxedPacket) -> ArraySlice<UInt8>? {
        let first = packet.prefix(Self.sliceSearchBytes)
        let header = packetFormat.firstUnitHeader(first, headerBytes: Self.headerBytes, where: codec.isVCL)
        // Found whole, or the prefix was the whole packet: the answer the whole bytes give.
        if header?.count == Self.headerBytes || first.count < Self.sliceSearchBytes { return header }
        return packetFormat.firstUnitHeader(packet.bytes, headerBytes: Self.headerBytes, where: codec.isVCL)
    }

    private static let sliceSearchBytes = 1024
    /// The NAL header bytes the reference and layer checks read (HEVC's header is two bytes).
    private static let headerBytes = 2

    /// The picture spacing: the configured one, else measured from the window.
    func pictureSpacing(_ frames: [SpliceFrame]) -> Int64 {
        options.frameDuration.flatMap { $0 > 0 ? $0 : nil } ?? frameDuration(frames)
    }

    /// The smallest gap between successive display times.
    func frameDuration(_ frames: [SpliceFrame]) -> Int64 {
        let sorted = frames.map(\.pts).sorted()
        let gaps = zip(sorted.dropFirst(), sorted).map { $0 - $1 }.filter { $0 > 0 }
        return gaps.min() ?? 1
    }

    func measuredBitRate(_ window: [SpliceInputPacket], frameDuration: Int64) -> Int {
        let seconds = Double(Int64(window.count) * frameDuration) * Double(timeBase.num) / Double(max(timeBase.den, 1))
        let bytes = window.reduce(0) { $0 + $1.packet.byteCount }
        return seconds > 0 ? Int(Double(bytes * 8) / seconds) : 0
    }

    func settings(bitRate: Int, frameDuration: Int64) throws -> SpliceEncoderSettings {
        var num = Int64(timeBase.den), den = Int64(timeBase.num) * max(frameDuration, 1)
        let divisor = gcd(num, den)
        num /= divisor
        den /= divisor
        return try SpliceEncoderSettings.make(for: try encoderSource().format, input: input, bitRate: bitRate,
                                              frameRate: (Int32(clamping: num), Int32(clamping: den)),
                                              parameterSetID: parameterSetID, preset: options.preset, threads: options.threads)
    }

    func assemble(_ window: [SpliceInputPacket], frames: [SpliceFrame], plan: SplicePlan,
                  encoded: [Int64: DemuxedPacket]) throws -> VideoSplice {
        // Every timestamp the plan hands out is one a window packet had: map it back to raw ticks.
        var rawPTS: [Int64: Int64] = [:], rawDTS: [Int64: Int64] = [:]
        for item in window {
            let pts = item.packet.pts ?? item.packet.dts ?? item.pts
            rawPTS[item.pts] = pts
            rawDTS[item.dts] = item.packet.dts ?? pts
        }
        let duration = pictureSpacing(frames)
        func make(_ output: SplicePlan.Output) throws -> SplicedPacket {
            let raw = (pts: rawPTS[output.pts] ?? output.pts, dts: rawDTS[output.dts] ?? output.dts)
            switch output.origin {
            case .source(let index):
                return SplicedPacket(packet: window[index].packet, pts: output.pts, dts: output.dts, origin: .source)
            case .resumeKeyframe(let index):
                let source = window[index].packet
                let bytes = ResumeKeyframe.rewrite(source.bytes, codec: codec, format: packetFormat,
                                                   parameterSets: parameterSets(before: index, in: window))
                guard let made = source.withBytes(bytes) else {
                    throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy the keyframe at PTS \(output.pts) of", input: input, code: pkgctl_averror(ENOMEM)))
                }
                made.place(stream: streamIndex, pts: raw.pts, dts: raw.dts, duration: source.duration, timeBase: timeBase)
                return SplicedPacket(packet: made, pts: output.pts, dts: output.dts, origin: .rewrittenKeyframe)
            case .reencoded:
                guard let made = encoded[output.pts] else {
                    throw VideoSpliceError.framesNotDecoded(input: input, pts: [output.pts])
                }
                made.place(stream: streamIndex, pts: raw.pts, dts: raw.dts, duration: duration, timeBase: timeBase)
                return SplicedPacket(packet: made, pts: output.pts, dts: output.dts, origin: .reencoded)
            }
        }
        return VideoSplice(before: try plan.before.map(make), after: try plan.after.map(make), landedPTS: plan.landedPTS,
                           cost: SpliceCost(), notes: [])
    }

    /// The parameter sets the source's own pictures use at window index `index`: the last ones sent
    /// in-band before it in the window, else the extradata's.
    func parameterSets(before index: Int, in window: [SpliceInputPacket]) -> [[UInt8]] {
        for item in window[..<index].reversed() where item.packet.isKeyframe {
            let sets = packetFormat.units(item.packet.bytes).filter(codec.isParameterSet)
            if !sets.isEmpty { return sets.map(Array.init) }
        }
        return sourceParameterSets
    }

    /// H.264 far sides that resume at an open-GOP I picture: it becomes an IDR (whatever comes before
    /// it on that output, re-encoded pictures or another part of the primary, is not what the source
    /// had there), and the packets after it are renumbered — those in `after` here, later ones by
    /// the caller through the continuation.
    func makeResumeIDR(_ splice: inout VideoSplice, window: [SpliceInputPacket]) throws {
        guard codec == .h264, let at = splice.after.firstIndex(where: { $0.origin == .rewrittenKeyframe }),
              !isIDR(splice.after[at].packet) else { return }
        let sets = window.prefix { $0.packet.pts != splice.after[at].packet.pts || !$0.packet.isKeyframe }
            .flatMap { packetFormat.units($0.packet.bytes).filter(SpliceCodec.h264.isParameterSet).map(Array.init) }
        let rewriter: H264ResumeRewriter
        do {
            rewriter = try H264ResumeRewriter(parameterSets: sourceParameterSets + sets, format: packetFormat)
        } catch {
            throw VideoSpliceError.unsupportedFormat(input: input, reason: "\(error)")
        }
        let continuation = SpliceContinuation(rewriter: rewriter, input: input)
        for index in at..<splice.after.count {
            let item = splice.after[index]
            splice.after[index] = SplicedPacket(packet: try continuation.apply(item.packet), pts: item.pts, dts: item.dts,
                                                origin: index == at ? .rewrittenKeyframe : item.origin)
        }
        splice.continuation = continuation
        splice.notes.append(.resumeKeyframeMadeIDR(pts: splice.after[at].pts))
    }

    func isIDR(_ packet: DemuxedPacket) -> Bool {
        packetFormat.firstUnitHeader(packet.bytes, where: codec.isVCL).map(codec.isIDR) ?? false
    }

    private func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? max(a, 1) : gcd(b, a % b) }
}

/// CPU (whole process) and wall time since creation, in milliseconds.
struct SpliceClock {
    private let cpu = SpliceClock.now(CLOCK_PROCESS_CPUTIME_ID)
    private let wall = SpliceClock.now(CLOCK_MONOTONIC)

    func elapsed() -> (cpu: Double, wall: Double) {
        (SpliceClock.now(CLOCK_PROCESS_CPUTIME_ID) - cpu, SpliceClock.now(CLOCK_MONOTONIC) - wall)
    }

    private static func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
