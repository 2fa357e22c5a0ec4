import Foundation

/// Measures frame-accurate splices the way a segmenter makes them: one pass over a file's first
/// video stream, buffering from the last keyframe before each splice until its window is
/// complete, then one `VideoSpliceCutter` call per splice.
public enum SpliceBench {
    public struct Row: Sendable {
        public var spliceSeconds: Double
        public var framesDecoded: Int
        public var framesReencoded: Int
        public var cpuMilliseconds: Double
        public var encodeCPUMilliseconds: Double
        public var wallMilliseconds: Double
    }

    /// - Parameters:
    ///   - splices: seconds after the first video picture, ascending.
    ///   - keyframeMode: measure `cutAtKeyframe` instead (the cost of the open-GOP fix alone).
    public static func run(input: String, splices: [Double], keyframeMode: Bool = false, preset: String? = nil,
                           threads: Int = 1) throws -> (codec: String, width: Int, height: Int, rows: [Row]) {
        let demuxer = try MediaDemuxer(url: input)
        guard let video = demuxer.streams.first(where: { $0.kind == .video }) else {
            throw VideoSpliceError.unsupportedCodec(input: input, codec: "no video stream")
        }
        for stream in demuxer.streams where stream.index != video.index { demuxer.discard(streamIndex: stream.index) }
        let snapshot = try CodecParametersSnapshot(demuxer: demuxer, streams: [video.index])
        let cutter = try VideoSpliceCutter(parameters: snapshot, streamIndex: video.index, input: input,
                                           options: .init(preset: preset, threads: threads))
        let ticks = Double(video.timeBase.den) / Double(video.timeBase.num)
        var clock = PacketClock()
        var buffer: [SpliceInputPacket] = []
        var firstPTS: Int64?
        var pending = splices[...]
        var rows: [Row] = []
        while let next = pending.first {
            guard let packet = DemuxedPacket() else { break }
            guard try demuxer.read(into: packet) else { break }
            guard packet.streamIndex == video.index, let times = clock.times(of: packet) else { continue }
            let origin = firstPTS ?? times.pts
            firstPTS = origin
            let splice = origin + Int64((next * ticks).rounded())
            if packet.isKeyframe, times.pts < splice { buffer.removeAll(keepingCapacity: true) }
            guard packet.isKeyframe || !buffer.isEmpty else { continue }
            buffer.append(SpliceInputPacket(packet: packet, pts: times.pts, dts: times.dts))
            let frames = buffer.map { SpliceFrame(pts: $0.pts, dts: $0.dts, isKeyframe: $0.packet.isKeyframe) }
            guard let length = SpliceWindowRule.windowLength(frames, splice: splice) else { continue }
            let window = Array(buffer.prefix(length))
            let cut = keyframeMode ? try cutter.cutAtKeyframe(window, at: splice) : try cutter.cut(window, at: splice)
            rows.append(Row(spliceSeconds: next, framesDecoded: cut.cost.framesDecoded, framesReencoded: cut.cost.framesReencoded,
                            cpuMilliseconds: cut.cost.cpuMilliseconds, encodeCPUMilliseconds: cut.cost.encodeCPUMilliseconds,
                            wallMilliseconds: cut.cost.wallMilliseconds))
            buffer.removeFirst(length)
            pending = pending.dropFirst()
        }
        return (cutter.codec.rawValue, video.width, video.height, rows)
    }
}
