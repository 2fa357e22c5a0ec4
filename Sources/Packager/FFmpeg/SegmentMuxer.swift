import CFFmpeg
import Foundation

/// One output presentation (a rendition of the primary, or one asset) muxed by libavformat into
/// in-memory segments.
///
/// One muxer context lives as long as the output, as hlsenc does, so MPEG-TS continuity
/// counters run on across segments and every segment starts with PAT/PMT (`resend_headers`);
/// each segment is collected in a fresh dynamic buffer and handed back as bytes, so the caller
/// decides where and how atomically it is published. fMP4 segments are CMAF-style fragments
/// (`frag_custom`), with the init segment split off the first one; after the first, our own
/// `FragmentWriter` writes them when every stream is H.264, HEVC or AAC (see `ownFragments`).
final class SegmentMuxer {
    enum Format: String, Codable, Sendable { case ts, fmp4 }

    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var buffer: UnsafeMutablePointer<AVIOContext>?
    private let scratch: UnsafeMutablePointer<AVPacket>?
    let format: Format
    private let inputTimeBases: [AVRational]
    private var headerWritten = false
    private var file: UnsafeMutablePointer<AVIOContext>?
    /// Where the open segment is being spooled (live into a file sink).
    private var spooling: SpoolIOContext?
    /// Size of the last segment when it was written straight to a file or a spool (its Data is
    /// then empty).
    private(set) var lastFileSize: Int?
    /// The spool holding the last segment, when it went into one.
    private(set) var lastSpool: SegmentSpool?
    /// Last DTS written per output stream (output time base), to refuse what would go backwards:
    /// audio that arrived after the video keyframe of a cut it belongs before, whose output has
    /// already moved on.
    private var lastDTS: [Int64?]
    /// Output streams whose packets carry ADTS headers to remove (AAC into fMP4).
    private var stripADTS: Set<Int> = []
    private(set) var initSegment: Data?
    private let label: String
    /// fMP4 fragments of our own: the writer follows the muxer through the first segment and
    /// writes every later one once its first fragment was the muxer's, byte for byte. libavformat
    /// was 12 % of an fMP4 run's CPU (perf, bench input), most of it finding NAL units and copying
    /// each sample through two buffers; with this writer it is 1.2–1.6 % (two runs).
    private var fragments: FragmentWriter?
    /// Whether `fragments` writes the segments (its first fragment matched the muxer's).
    private(set) var writesOwnFragments = false
    private let ownFragments: Bool
    var fragmentOutput: TSOutputFile?
    /// The first segment's file, spool or memory while libavformat writes that segment's first
    /// fragment into its buffer (`SegmentMuxer+FirstFragment`); nil otherwise.
    var firstSegmentOutput: TSOutputFile?
    /// Where libavformat's fragments go after the first segment's first, when our writer did not
    /// match it (the rest of that segment is added there at its end).
    var firstSegmentRest: TSOutputFile?
    /// Seconds of video after which our writer closes a fragment at the next video sample, so a
    /// segment is several fragments (moof + mdat each) written into its file or spool as they
    /// close; nil: one fragment per segment (never 0 or less).
    private let fragmentSeconds: Double?
    /// `fragmentSeconds` in the video track's time base, once the header chose it.
    private var fragmentTicks: Int64?

    /// - Parameters:
    ///   - streams: input stream indices of `demuxer`, in output order.
    ///   - extradata: codec extradata to use instead of the input's, by input stream index (an
    ///     fMP4 init segment that also lists a splice re-encoder's parameter sets).
    ///   - ownFragments: let `FragmentWriter` write the fMP4 fragments after the first segment
    ///     (false: libavformat writes them all; for comparing the two).
    ///   - fragmentSeconds: write each segment after the first as fragments of about this much
    ///     video (live: most of a segment is then in its spool, and fsynced, before it closes).
    init(format: Format, parameters: CodecParametersSnapshot, streams: [Int], label: String,
         extradata: [Int: [UInt8]] = [:], ownFragments: Bool = true, fragmentSeconds: Double? = nil) throws {
        self.format = format
        self.label = label
        self.ownFragments = ownFragments
        self.fragmentSeconds = fragmentSeconds.flatMap { $0 > 0 ? $0 : nil }
        scratch = av_packet_alloc()
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let name = format == .ts ? "mpegts" : "mp4"
        let allocated = avformat_alloc_output_context2(&ctx, nil, name, nil)
        guard allocated >= 0, let ctx else {
            throw FFmpegError(operation: "create a \(name) muxer for", input: label, code: allocated)
        }
        context = ctx
        // libavformat's default (-1) flushes the output after every packet written (an
        // AVIO_DATA_MARKER_FLUSH_POINT with min_packet_size 0): one write() per audio or video
        // frame, 450 per live segment (strace). The file and spool outputs are written when
        // their buffer fills; nothing reads a segment before it is closed.
        ctx.pointee.flush_packets = 0
        var bases: [AVRational] = []
        for index in streams {
            guard let input = parameters.parameters(of: index), let timeBase = parameters.timeBases[index],
                  let out = avformat_new_stream(ctx, nil) else {
                throw FFmpegError(operation: "add stream \(index) to", input: label, code: pkgctl_averror(EINVAL))
            }
            // 0: the format has no tag for the codec (negative: it cannot tell, as MPEG-TS, which
            // has no list and writes what it knows as private data).
            if avformat_query_codec(ctx.pointee.oformat, input.pointee.codec_id, FF_COMPLIANCE_NORMAL) == 0 {
                throw SegmentCodecError(output: label, format: format, stream: index,
                                        codec: String(cString: avcodec_get_name(input.pointee.codec_id)),
                                        kind: av_get_media_type_string(input.pointee.codec_type).map { String(cString: $0) } ?? "")
            }
            let copied = avcodec_parameters_copy(out.pointee.codecpar, input)
            guard copied >= 0 else { throw FFmpegError(operation: "copy codec parameters into", input: label, code: copied) }
            out.pointee.codecpar.pointee.codec_tag = 0
            if let bytes = extradata[index], !bytes.isEmpty,
               let copy = av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self) {
                av_freep(&out.pointee.codecpar.pointee.extradata)
                copy.update(from: bytes, count: bytes.count)
                out.pointee.codecpar.pointee.extradata = copy
                out.pointee.codecpar.pointee.extradata_size = Int32(bytes.count)
            }
            out.pointee.time_base = timeBase
            bases.append(timeBase)
            // MP4 carries raw AAC with an AudioSpecificConfig; TS carries ADTS. The mov muxer's
            // own adtstoasc filter is switched off for fragmented output, so do it here.
            let par = out.pointee.codecpar.pointee
            if format == .fmp4, par.codec_id == AV_CODEC_ID_AAC, par.extradata_size == 0,
               let asc = ADTS.audioSpecificConfig(profile: Int(par.profile), sampleRate: Int(par.sample_rate),
                                                  channels: Int(par.ch_layout.nb_channels)),
               let extradata = av_mallocz(asc.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self) {
                extradata.update(from: asc, count: asc.count)
                out.pointee.codecpar.pointee.extradata = extradata
                out.pointee.codecpar.pointee.extradata_size = Int32(asc.count)
                stripADTS.insert(bases.count - 1)
            }
        }
        inputTimeBases = bases
        lastDTS = Array(repeating: nil, count: bases.count)
    }

    deinit {
        if let ctx = context {
            if headerWritten {
                // The trailer of a fragmented/TS output adds nothing a segment needs.
                spooling = nil
                if buffer == nil { _ = avio_open_dyn_buf(&ctx.pointee.pb); buffer = ctx.pointee.pb }
                av_write_trailer(ctx)
            }
            discardBuffer()
            avio_closep(&file)
            avformat_free_context(ctx)
        }
        var p = scratch
        av_packet_free(&p)
    }

    /// Whether the next segment can go straight into a file or spool: the first fMP4 segment
    /// goes through memory, to split the init segment off it — all of it, or with fragments
    /// (`fragmentSeconds`) only its first fragment, the rest then following it into the spool.
    var writesStraightThrough: Bool { format == .ts || initSegment != nil || splitsFirstFragment }

    /// The first segment's init split happens at its first fragment's end (see `fragmentSeconds`).
    var splitsFirstFragment: Bool { format == .fmp4 && ownFragments && fragmentSeconds != nil }

    /// Starts collecting a new segment.
    /// - Parameters:
    ///   - path: write the segment straight into this file (VOD: the muxer's small AVIO buffer
    ///     goes to the page cache while still hot, with no second pass over the segment);
    ///   - spool: or into this spool, which the sink that made it publishes later (live);
    ///   with neither, or when `writesStraightThrough` is false, the segment is collected in
    ///   memory for a sink.
    func beginSegment(path: String? = nil, spool: SegmentSpool? = nil) throws {
        guard let ctx = context else { return }
        if writesOwnFragments {
            if let path { fragmentOutput = try TSOutputFile(path: path) }
            else if let spool { fragmentOutput = TSOutputFile(spool: spool) }
            else { fragmentOutput = TSOutputFile(memoryLabel: label) }
            return
        }
        let straight = format == .ts || initSegment != nil
        if initSegment == nil, splitsFirstFragment, path == nil {
            firstSegmentOutput = spool.map(TSOutputFile.init(spool:)) ?? TSOutputFile(memoryLabel: label)
        }
        if let path, straight {
            let opened = avio_open(&file, path, AVIO_FLAG_WRITE)
            guard opened >= 0 else { throw FFmpegError(operation: "open for writing", input: path, code: opened) }
            ctx.pointee.pb = file
        } else if let spool, straight {
            let io = try SpoolIOContext(spool: spool, label: label)
            spooling = io
            ctx.pointee.pb = io.context
        } else if buffer == nil {
            let opened = avio_open_dyn_buf(&buffer)
            guard opened >= 0 else { throw FFmpegError(operation: "open a segment buffer for", input: label, code: opened) }
        }
        if file == nil, spooling == nil { ctx.pointee.pb = buffer }
        if !headerWritten {
            var options: OpaquePointer?
            if format == .fmp4 {
                av_dict_set(&options, "movflags", "frag_custom+delay_moov+default_base_moof+skip_trailer", 0)
            }
            let written = avformat_write_header(ctx, &options)
            av_dict_free(&options)
            guard written >= 0 else { throw FFmpegError(operation: "write the header of", input: label, code: written) }
            headerWritten = true
            if format == .fmp4, ownFragments {
                fragments = Self.fragmentWriter(ctx)
                if let seconds = fragmentSeconds, let video = ctx.pointee.streams[0] {
                    fragmentTicks = max(1, av_rescale_q(Int64(seconds * 1_000_000), AVRational(num: 1, den: 1_000_000),
                                                        video.pointee.time_base))
                }
                // Following the muxer through the first segment needs the samples' sizes, not their bytes.
                for track in fragments?.tracks ?? [] { track.keepsBytes = false }
            }
        } else if format == .ts {
            av_opt_set(ctx.pointee.priv_data, "mpegts_flags", "resend_headers", 0)
        }
    }

    /// Writes a copy of `packet` (the caller keeps it) to output stream `output`, shifted back by
    /// `shiftTicks` of 90 kHz time (the primary's re-timing after stripped spans). Returns false
    /// for a packet dropped as damaged (its PTS before its DTS).
    @discardableResult
    func write(_ packet: DemuxedPacket, output: Int, shiftTicks: Int64) throws -> Bool {
        guard let ctx = context, let scratch, let source = packet.packet, output < inputTimeBases.count,
              let stream = ctx.pointee.streams[output] else { return true }
        let referenced = av_packet_ref(scratch, source)
        guard referenced >= 0 else { throw FFmpegError(operation: "reference a packet for", input: label, code: referenced) }
        defer { av_packet_unref(scratch) }
        let inBase = inputTimeBases[output]
        if shiftTicks != 0 {
            let shift = av_rescale_q(shiftTicks, AVRational(num: 1, den: 90_000), inBase)
            if scratch.pointee.pts != pkgctl_nopts() { scratch.pointee.pts -= shift }
            if scratch.pointee.dts != pkgctl_nopts() { scratch.pointee.dts -= shift }
        }
        if stripADTS.contains(output), let data = scratch.pointee.data,
           let header = ADTS.headerLength(UnsafeBufferPointer(start: data, count: Int(scratch.pointee.size))) {
            scratch.pointee.data = data + header
            scratch.pointee.size -= Int32(header)
        }
        scratch.pointee.stream_index = Int32(output)
        scratch.pointee.pos = -1
        av_packet_rescale_ts(scratch, inBase, stream.pointee.time_base)
        let dts = scratch.pointee.dts != pkgctl_nopts() ? scratch.pointee.dts : scratch.pointee.pts
        // A damaged PES header can give a picture a PTS before its DTS, which every libavformat
        // muxer refuses (EINVAL, "pts < dts"): one unplayable picture must not end the run.
        if scratch.pointee.pts != pkgctl_nopts(), dts != pkgctl_nopts(), scratch.pointee.pts < dts { return false }
        if dts != pkgctl_nopts() {
            if let last = lastDTS[output], dts <= last { return true }
            lastDTS[output] = dts
        }
        let sample = scratch.pointee
        if writesOwnFragments, let fragments {
            try closeFragmentIfDue(fragments, before: sample, output: output)
            try add(sample, to: fragments, output: output)
            return true
        }
        if try splitFirstFragmentIfDue(before: sample, output: output), writesOwnFragments, let fragments {
            try add(sample, to: fragments, output: output)
            return true
        }
        let written = av_write_frame(ctx, scratch)
        guard written >= 0 else { throw FFmpegError(operation: "write a packet to", input: label, code: written) }
        if let fragments, initSegment == nil {
            // Following the muxer through the first segment; a packet it cannot take ends that.
            do { try add(sample, to: fragments, output: output) } catch { self.fragments = nil }
        }
        return true
    }

    /// A writer with one track per output stream, or nil when a stream is not H.264, HEVC or
    /// AAC (the codecs whose samples it writes as movenc does). Made after the header, when
    /// the muxer has chosen the streams' time scales.
    private static func fragmentWriter(_ ctx: UnsafeMutablePointer<AVFormatContext>) -> FragmentWriter? {
        var tracks: [FragmentTrack] = []
        for i in 0..<Int(ctx.pointee.nb_streams) {
            guard let stream = ctx.pointee.streams[i], let par = stream.pointee.codecpar?.pointee else { return nil }
            let id = UInt32(i + 1)
            let extradata = UnsafeRawBufferPointer(start: par.extradata, count: par.extradata == nil ? 0 : Int(par.extradata_size))
            switch par.codec_id {
            case AV_CODEC_ID_H264, AV_CODEC_ID_HEVC:
                let hevc = par.codec_id == AV_CODEC_ID_HEVC
                let payload = extradata.isEmpty ? FragmentTrack.Payload.firstSampleDecides(hevc: hevc)
                    : FragmentTrack.payload(configuration: extradata, hevc: hevc)
                tracks.append(FragmentTrack(id: id, kind: .video, payload: payload, frameDuration: 0))
            case AV_CODEC_ID_AAC:
                // The duration libavformat gives an audio packet that has none: one frame.
                let frame = par.frame_size > 0 && par.sample_rate > 0
                    ? av_rescale_q(Int64(par.frame_size), AVRational(num: 1, den: par.sample_rate), stream.pointee.time_base) : 0
                tracks.append(FragmentTrack(id: id, kind: .audio, payload: .raw, frameDuration: frame))
            default:
                return nil
            }
        }
        return FragmentWriter(tracks: tracks)
    }

    /// Writes the open fragment out when a fragment is due before `sample` (`fragmentIsDue`). The
    /// last fragment of a segment closes with the segment (`endSegment`).
    private func closeFragmentIfDue(_ fragments: FragmentWriter, before sample: AVPacket, output: Int) throws {
        guard let out = fragmentOutput, fragmentIsDue(before: sample, output: output) else { return }
        if fragments.finish() { try fragments.write(to: out) }
    }

    /// Writes the open fragment now and syncs it (live, a segment's end near). A fragment is
    /// written whole when it closes, and the segment's last one closes with the segment: in 1 s
    /// fragments that was about 480 KB at 4 Mb/s, and with the spool's sync every 512 KiB the
    /// fragment before it, for a 2.4 ms fdatasync at the cut (2.39–2.46 ms, three segments in an
    /// strace, 2026-12-07). Closed half a second before the expected end, the last fragment is
    /// that half second.
    func closeFragmentEarly() throws {
        guard writesOwnFragments, let fragments, let out = fragmentOutput else { return }
        if fragments.finish() { try fragments.write(to: out) }
        out.spool?.syncAtBoundary()
    }

    /// Whether the open fragment ends before `sample`: a video sample `fragmentTicks` or more after
    /// the fragment's first video sample (fragments start with video; each ends where the next
    /// begins). Never with `fragmentSeconds` nil.
    func fragmentIsDue(before sample: AVPacket, output: Int) -> Bool {
        guard let limit = fragmentTicks, let fragments, fragments.tracks[output].kind == .video,
              let first = fragments.tracks[output].samples.first else { return false }
        let dts = sample.dts != pkgctl_nopts() ? sample.dts : sample.pts
        return dts != pkgctl_nopts() && dts - first.dts >= limit
    }

    private func add(_ packet: AVPacket, to fragments: FragmentWriter, output: Int) throws {
        let nopts = pkgctl_nopts()
        let bytes = UnsafeRawBufferPointer(start: packet.data, count: packet.data == nil ? 0 : Int(packet.size))
        do {
            try fragments.tracks[output].add(bytes, pts: packet.pts == nopts ? nil : packet.pts,
                                             dts: packet.dts == nopts ? nil : packet.dts,
                                             duration: max(packet.duration, 0), key: packet.flags & AV_PKT_FLAG_KEY != 0)
        } catch {
            throw FFmpegError(operation: "write a packet (\(error)) to", input: label, code: pkgctl_averror(EINVAL))
        }
    }

    /// Flushes the muxer and returns the finished segment's bytes.
    func endSegment() throws -> Data {
        if writesOwnFragments, let fragments, let out = fragmentOutput {
            fragmentOutput = nil
            if fragments.finish() { try fragments.write(to: out) }
            return handOver(out)
        }
        if let unused = firstSegmentOutput {
            // The segment ended before its first fragment would have: it goes through memory whole.
            firstSegmentOutput = nil
            unused.remove()
        }
        guard let ctx = context, buffer != nil || file != nil || spooling != nil else { return Data() }
        try flushFragment("flush a segment of")
        if file != nil {
            lastFileSize = Int(avio_tell(file))
            lastSpool = nil
            ctx.pointee.pb = nil
            let closed = avio_closep(&file)
            guard closed >= 0 else { throw FFmpegError(operation: "close a segment file of", input: label, code: closed) }
            return Data()
        }
        if let io = spooling {
            ctx.pointee.pb = nil
            spooling = nil
            lastSpool = io.spool
            lastFileSize = io.spool.size
            return Data()
        }
        lastFileSize = nil
        lastSpool = nil
        ctx.pointee.pb = nil
        if let output = firstSegmentRest {
            firstSegmentRest = nil
            try output.write(takeBuffer())
            return handOver(output)
        }
        guard format == .fmp4, initSegment == nil else { return takeBuffer() }
        return takeInitAndFirstFragment()
    }

    /// Closes the fragment libavformat has open (with delay_moov the first flush writes only
    /// ftyp+moov, the init segment; the fragment holding the samples comes out of a second one).
    func flushFragment(_ operation: String) throws {
        guard let ctx = context else { return }
        var flushed = av_write_frame(ctx, nil)
        if flushed >= 0, format == .fmp4, initSegment == nil { flushed = av_write_frame(ctx, nil) }
        guard flushed >= 0 else { throw FFmpegError(operation: operation, input: label, code: flushed) }
        avio_flush(ctx.pointee.pb)
    }

    /// The memory buffer's init segment kept, our writer checked against the first fragment after
    /// it (`takeOverFragments`), and that fragment returned.
    func takeInitAndFirstFragment() -> Data {
        context?.pointee.pb = nil
        let split = takeBufferSplittingInit()
        initSegment = split.initSegment
        takeOverFragments(ifTheyMatch: split.rest)
        return split.rest
    }

    /// libavformat writes into a fresh memory buffer from here.
    func collectInMemory() throws {
        let opened = avio_open_dyn_buf(&buffer)
        guard opened >= 0 else { throw FFmpegError(operation: "open a segment buffer for", input: label, code: opened) }
        context?.pointee.pb = buffer
    }

    /// A segment finished in `out` (its file, spool or memory), handed over.
    private func handOver(_ out: TSOutputFile) -> Data {
        let finished = out.handedOver
        (lastFileSize, lastSpool) = (finished.fileSize, finished.spool)
        return finished.bytes
    }

    /// Whether our writer's first fragment is the one libavformat wrote; tests make it say no,
    /// as a stream our writer got wrong would, to see libavformat go on in its place.
    var fragmentsMatch: (FragmentWriter, Data) -> Bool = { $0.closedFragmentMatches($1) }

    /// Lets our writer write the later fragments when its first is the one the muxer wrote.
    private func takeOverFragments(ifTheyMatch muxed: Data) {
        guard let fragments else { return }
        writesOwnFragments = fragments.finish() ? fragmentsMatch(fragments, muxed) : muxed.isEmpty
        for track in fragments.tracks { track.keepsBytes = true }
        if !writesOwnFragments { self.fragments = nil }
    }

    /// The dynamic buffer's bytes, owned by the returned Data (freed with av_free): a segment is
    /// never copied between the muxer and the file or socket it goes to.
    private func takeBuffer() -> Data {
        var data: UnsafeMutablePointer<UInt8>?
        let size = avio_close_dyn_buf(buffer, &data)
        buffer = nil
        guard let data, size > 0 else {
            av_free(data)
            return Data()
        }
        return Data(bytesNoCopy: data, count: Int(size), deallocator: .custom { pointer, _ in av_free(pointer) })
    }

    /// The first fMP4 segment's buffer as its init segment (ftyp, moov: copied, a few hundred
    /// bytes) and the fragment after it, which keeps the buffer without copying it.
    private func takeBufferSplittingInit() -> (initSegment: Data, rest: Data) {
        var data: UnsafeMutablePointer<UInt8>?
        let size = Int(avio_close_dyn_buf(buffer, &data))
        buffer = nil
        guard let data, size > 0 else {
            av_free(data)
            return (Data(), Data())
        }
        let initLength = MP4Boxes.initLength(UnsafeRawBufferPointer(start: data, count: size))
        let initSegment = Data(bytes: data, count: initLength)
        guard initLength < size else {
            av_free(data)
            return (initSegment, Data())
        }
        let rest = Data(bytesNoCopy: data + initLength, count: size - initLength, deallocator: .custom { _, _ in av_free(data) })
        return (initSegment, rest)
    }

    private func discardBuffer() {
        if buffer != nil { _ = takeBuffer() }
        context?.pointee.pb = nil
    }
}

/// Top-level ISO BMFF box walking, just enough to split an init segment (ftyp, moov) from the
/// first fragment (styp/moof/mdat) that `delay_moov` writes together.
enum MP4Boxes {
    /// How many bytes at the start are the init segment.
    static func initLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "moof" || type == "styp" || type == "sidx" { break }
            guard size >= 8, offset + size <= bytes.count else { break }
            offset += size
        }
        return offset
    }
}

/// Just enough of ADTS (ISO/IEC 13818-7) to turn TS-style AAC into MP4-style AAC.
enum ADTS {
    private static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    /// Header size (7, or 9 with CRC) when `bytes` starts with an ADTS sync word.
    static func headerLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 9, bytes[0] == 0xFF, bytes[1] & 0xF0 == 0xF0 else { return nil }
        return bytes[1] & 0x01 == 1 ? 7 : 9
    }

    /// The 2-byte AudioSpecificConfig for FFmpeg's AAC `profile` (0 = Main, 1 = LC, …).
    static func audioSpecificConfig(profile: Int, sampleRate: Int, channels: Int) -> [UInt8]? {
        guard let frequencyIndex = sampleRates.firstIndex(of: sampleRate), (1...7).contains(channels) else { return nil }
        let objectType = max(profile, 0) + 1
        let value = objectType << 11 | frequencyIndex << 7 | channels << 3
        return [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
