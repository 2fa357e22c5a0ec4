import Foundation
@testable import Packager

/// Muxes the sides of splices with pkgctl's own `SegmentMuxer`, one segment per piece, all pieces
/// of one presentation through one muxer (as the segmenter does: one TS muxer across segments,
/// one fMP4 init segment), into one file a decoder can read from start to end.
enum SplicePieceWriter {
    struct Piece {
        var video: [(packet: DemuxedPacket, dts: Int64)] = []
        var audio: [SpliceSource.AudioPacket] = []
        /// Media removed before this piece (strip placement), in 90 kHz ticks.
        var shift: Int64 = 0
    }

    static func write(_ pieces: [Piece], source: SpliceSource, format: SegmentMuxer.Format, to file: URL) throws {
        let streams = [source.videoIndex] + (source.audioIndex.map { [$0] } ?? [])
        let muxer = try SegmentMuxer(format: format, parameters: source.snapshot, streams: streams, label: file.lastPathComponent)
        var bytes = Data()
        var segments: [Data] = []
        let audioScale = source.audioIndex.flatMap { source.snapshot.timeBases[$0] }.map { Double($0.num) / Double($0.den) } ?? 0
        let videoScale = Double(source.timeBase.num) / Double(source.timeBase.den)
        for piece in pieces {
            try muxer.beginSegment()
            var items: [(time: Double, packet: DemuxedPacket, output: Int)] = piece.video.map { (Double($0.dts) * videoScale, $0.packet, 0) }
            items += piece.audio.map { (Double($0.pts) * audioScale, $0.packet, 1) }
            items.sort { $0.time < $1.time }
            for item in items { try muxer.write(item.packet, output: item.output, shiftTicks: piece.shift) }
            segments.append(try muxer.endSegment())
        }
        if let initSegment = muxer.initSegment { bytes.append(initSegment) }
        for segment in segments { bytes.append(segment) }
        try bytes.write(to: file)
    }

    /// The source's video packets `range` (decode order) as a piece's video.
    static func sourceVideo(_ source: SpliceSource, _ range: Range<Int>) -> [(packet: DemuxedPacket, dts: Int64)] {
        source.video[range].map { ($0.packet, $0.dts) }
    }

    static func spliced(_ packets: [SplicedPacket]) -> [(packet: DemuxedPacket, dts: Int64)] {
        packets.map { ($0.packet, $0.dts) }
    }

    /// The source's audio frames on `side` of `cut` by `AudioSpliceRule`, within `from..<to` otherwise.
    static func audio(_ source: SpliceSource, from start: Int64?, to end: Int64?) -> [SpliceSource.AudioPacket] {
        let scale = source.audioIndex.flatMap { source.snapshot.timeBases[$0] }.map { Double($0.num) / Double($0.den) } ?? 1
        let videoScale = Double(source.timeBase.num) / Double(source.timeBase.den)
        func inVideoTicks(_ value: Int64) -> Int64 { Int64((Double(value) * scale / videoScale).rounded()) }
        return source.audio.filter { frame in
            let pts = inVideoTicks(frame.pts), duration = inVideoTicks(frame.duration)
            if let start, AudioSpliceRule.side(pts: pts, duration: duration, cut: start) == .before { return false }
            if let end, AudioSpliceRule.side(pts: pts, duration: duration, cut: end) == .after { return false }
            return true
        }
    }
}
