import CFFmpeg

/// The TS indexer's video and audio access units as the packets libavformat's TS demuxer hands
/// over — one per picture, one per AAC frame, with the same times — for libavformat's mp4
/// muxer: a TS file's fMP4 output without the TS demuxer and its parsers, which cost that path a
/// fifth of its CPU (perf, 5-minute bench input) for work the indexer has already done.
///
/// A PES payload is copied once, into one AVPacket buffer; its AAC frames are references into
/// that buffer, so no frame is copied again.
final class TSUnitDemuxer {
    private let input: TSInputWindow
    private let grid: TSPacketGrid
    /// libavformat's stream index by PID, for the video and audio read.
    private let streamIndex: [Int: Int]
    /// Per audio PID: the start of an AAC frame that the last PES cut off, and its PTS.
    private var carried: [Int: (bytes: [UInt8], pts: Int64)] = [:]
    /// Audio bytes dropped because they were not part of any ADTS frame.
    private(set) var skippedAudioBytes = 0

    /// The largest ADTS frame (aac_frame_length is 13 bits): more carried over is not a frame.
    private static let maxFrame = 8191

    /// Packets as Swift values instead of AVPackets, for pkgctl's own fMP4 muxer, so that FFmpeg
    /// is not loaded at all: audio as byte arrays (`DemuxedPacket(bytes:…)`), video left in the
    /// input's TS packets (`DemuxedPacket(deferred:…)`) for the muxer to convert from there.
    private let ownBytes: Bool

    init(input: TSInputWindow, grid: TSPacketGrid, streams: InputStreams, ownBytes: Bool = false) {
        self.ownBytes = ownBytes
        self.input = input
        self.grid = grid
        streamIndex = Dictionary((streams.videos + streams.audio).map { ($0.id, $0.index) }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether every stream read can be handed over this way: H.264 or HEVC video (one access
    /// unit per PES, as broadcast encoders and FFmpeg's muxer send it) and AAC audio in ADTS.
    /// Other codecs need libavformat's parsers to find their frames.
    static func covers(_ streams: InputStreams) -> Bool {
        streams.videos.allSatisfy { ["h264", "hevc"].contains($0.codecName) }
            && streams.audio.allSatisfy { $0.codecName == "aac" && !$0.hasExtradata }
    }

    /// The packets of one unit that `media` placed (its role and unwrapped times); none when its
    /// PES cannot be read (no whole header: damage).
    func packets(of unit: TSAccessUnit, placed media: MediaPacket) throws -> [MediaPacket] {
        guard let index = streamIndex[unit.pid] else { return [] }
        if ownBytes {
            guard media.role == .audio else {
                // Video stays in the input's packets until the muxer converts it from there.
                let packet: DemuxedPacket
                if let lazy = try TSUnitElementaryStream(unit: unit, input: input, grid: grid) {
                    packet = DemuxedPacket(deferred: lazy, stream: index, pts: media.pts, dts: media.dts, duration: unit.duration,
                                           keyframe: unit.keyframe, timeBase: (1, 90_000))
                } else {
                    guard let es = try elementaryBytes(of: unit) else { return [] }
                    packet = DemuxedPacket(bytes: es, stream: index, pts: media.pts, dts: media.dts, duration: unit.duration,
                                           keyframe: unit.keyframe, timeBase: (1, 90_000))
                }
                return [MediaPacket(packet: packet, role: media.role, pts: media.pts, dts: media.dts)]
            }
            guard var es = try elementaryBytes(of: unit) else { return [] }
            let carry = carried.removeValue(forKey: unit.pid)
            if let carry { es = carry.bytes + es }
            return try es.withUnsafeBytes { buffer in
                try frames(in: buffer, carried: carry?.bytes.count ?? 0, carriedPTS: carry?.pts ?? media.pts, pid: unit.pid,
                           pts: media.pts) { offset, count, pts, duration in
                    DemuxedPacket(bytes: Array(buffer[offset..<(offset + count)]), stream: index, pts: pts, dts: pts,
                                  duration: duration, keyframe: true, timeBase: (1, 90_000))
                }
            }
        }
        guard let packet = try payload(of: unit) else { return [] }
        guard media.role == .audio else {
            packet.stamp(stream: index, pts: media.pts, dts: media.dts, duration: unit.duration, key: unit.keyframe)
            return [MediaPacket(packet: packet, role: media.role, pts: media.pts, dts: media.dts)]
        }
        return try frames(of: packet, pid: unit.pid, stream: index, pts: media.pts)
    }

    /// The PES's elementary-stream bytes as a Swift array (audio, and video whose PES header
    /// does not fit in its first packet): one copy, no FFmpeg.
    private func elementaryBytes(of unit: TSAccessUnit) throws -> [UInt8]? {
        if let pes = unit.replacementPES {
            return pes.withUnsafeBytes { TSUnitPayload.elementaryStreamRange($0) }.map { Array(pes[$0]) }
        }
        guard let bounds = try TSUnitPayload.elementaryStreamBounds(of: unit, input: input, grid: grid) else {
            // A header that does not fit in the first packet's payload (an adaptation field that
            // leaves less) is read from the whole.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(unit.packetCount * (TSPacketBytes.size - 4))
            try eachPayload(of: unit) { bytes.append(contentsOf: $0) }
            return bytes.withUnsafeBytes { TSUnitPayload.elementaryStreamRange($0) }.map { Array(bytes[$0]) }
        }
        return try TSUnitPayload.elementaryBytes(of: unit, bounds: bounds, input: input, grid: grid)
    }

    /// The PES's elementary-stream bytes in a packet of their own (data past the PES header).
    private func payload(of unit: TSAccessUnit) throws -> DemuxedPacket? {
        guard let out = DemuxedPacket(), let p = out.packet else { return nil }
        if let pes = unit.replacementPES {
            guard av_new_packet(p, Int32(pes.count)) >= 0, let data = p.pointee.data else { return nil }
            data.update(from: pes, count: pes.count)
        } else {
            var total = 0
            try eachPayload(of: unit) { total += $0.count }
            guard av_new_packet(p, Int32(total)) >= 0, var data = p.pointee.data else { return nil }
            try eachPayload(of: unit) { bytes in
                if let base = bytes.baseAddress { data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
                data += bytes.count
            }
        }
        return out.skipPESHeader() ? out : nil
    }

    private func eachPayload(of unit: TSAccessUnit, _ body: (UnsafeRawBufferPointer) -> Void) throws {
        try TSUnitPayload.eachPayload(of: unit, input: input, grid: grid, body)
    }

    /// One packet per ADTS frame, each a reference into `pes`. A PES that is whole frames (what
    /// encoders send) is split in place; otherwise a frame the last PES cut off is completed
    /// from this one (libavformat's AAC parser does the same) and bytes outside any frame are
    /// dropped.
    private func frames(of pes: DemuxedPacket, pid: Int, stream: Int, pts: Int64) throws -> [MediaPacket] {
        guard let p = pes.packet, let data = p.pointee.data else { return [] }
        let size = Int(p.pointee.size)
        var whole = pes
        var carriedCount = 0
        var carriedPTS = pts
        if let carry = carried.removeValue(forKey: pid) {
            guard let joined = DemuxedPacket(), let j = joined.packet, av_new_packet(j, Int32(carry.bytes.count + size)) >= 0,
                  let out = j.pointee.data else { return [] }
            out.update(from: carry.bytes, count: carry.bytes.count)
            (out + carry.bytes.count).update(from: data, count: size)
            whole = joined
            carriedCount = carry.bytes.count
            carriedPTS = carry.pts
        }
        guard let w = whole.packet, let bytes = w.pointee.data else { return [] }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(w.pointee.size))
        return try frames(in: buffer, carried: carriedCount, carriedPTS: carriedPTS, pid: pid, pts: pts) { offset, count, pts, duration in
            let frame = whole.reference(offset: offset, count: count)
            frame?.stamp(stream: stream, pts: pts, dts: pts, duration: duration, key: true)
            return frame
        }
    }

    /// The ADTS frames of `buffer` (the first `carriedCount` bytes carried from the last PES,
    /// timed from `carriedPTS`), each made a packet by `make` (offset, length, PTS, duration).
    private func frames(in buffer: UnsafeRawBufferPointer, carried carriedCount: Int, carriedPTS: Int64, pid: Int, pts: Int64,
                        frame make: (Int, Int, Int64, Int64) -> DemuxedPacket?) throws -> [MediaPacket] {
        let count = buffer.count
        let strict = carriedCount == 0 ? ADTSFrames(buffer) : nil
        guard let frames = strict ?? ADTSFrames(buffer, strict: false) else {
            carry(buffer[...], pid: pid, pts: carriedCount > 0 ? carriedPTS : pts)
            return []
        }
        skippedAudioBytes += frames.skipped
        // Frames begun in the carried bytes keep the times of the PES they began in; the rest
        // are timed from this PES's PTS, from its first whole frame on.
        let firstOwn = frames.offsets.firstIndex { $0 >= carriedCount } ?? frames.offsets.count
        let carriedTimes = firstOwn > 0 ? frames.times(pesPTS: carriedPTS) : []
        let ownTimes = frames.times(pesPTS: pts)
        let time = { (k: Int) -> Int64 in k < firstOwn ? carriedTimes[k] : ownTimes[k - firstOwn] }
        if frames.end < count { carry(buffer[frames.end...], pid: pid, pts: time(frames.offsets.count)) }
        var out: [MediaPacket] = []
        out.reserveCapacity(frames.offsets.count)
        for k in frames.offsets.indices {
            let start = time(k)
            guard let frame = make(frames.offsets[k], frames.lengths[k], start, frames.packetDuration) else { continue }
            out.append(MediaPacket(packet: frame, role: .audio, pts: start, dts: start))
        }
        return out
    }

    private func carry(_ bytes: Slice<UnsafeRawBufferPointer>, pid: Int, pts: Int64) {
        guard bytes.count <= Self.maxFrame else {
            skippedAudioBytes += bytes.count
            return
        }
        carried[pid] = (Array(bytes), pts)
    }
}

extension DemuxedPacket {
    /// Moves the packet's data past the PES header at its start (to the elementary stream,
    /// ending where PES_packet_length says when it is set); false when there is no whole header.
    fileprivate func skipPESHeader() -> Bool {
        guard let p = packet, let data = p.pointee.data,
              let range = TSUnitPayload.elementaryStreamRange(UnsafeRawBufferPointer(start: data, count: Int(p.pointee.size)))
        else { return false }
        p.pointee.data = data + range.lowerBound
        p.pointee.size = Int32(range.count)
        return true
    }

    /// A packet sharing this one's buffer, holding `count` bytes from `offset` of its data.
    fileprivate func reference(offset: Int, count: Int) -> DemuxedPacket? {
        guard let source = packet, let data = source.pointee.data, let out = DemuxedPacket(), let p = out.packet,
              av_packet_ref(p, source) >= 0 else { return nil }
        p.pointee.data = data + offset
        p.pointee.size = Int32(count)
        return out
    }

    /// Stream, times (stream time base, 90 kHz for TS) and key flag, as the TS demuxer sets them.
    fileprivate func stamp(stream: Int, pts: Int64, dts: Int64, duration: Int64, key: Bool) {
        guard let p = packet else { return }
        p.pointee.stream_index = Int32(stream)
        p.pointee.pts = pts
        p.pointee.dts = dts
        p.pointee.duration = duration
        p.pointee.flags = key ? AV_PKT_FLAG_KEY : 0
        p.pointee.pos = -1
    }
}
