import CueDetect
import Foundation

/// One segment's packets on its own timeline in 90 kHz ticks: TS timestamps unwrapped near the
/// previous packet of their stream (the first one near where the previous segment ended), MP4
/// timestamps rescaled. The survey and the conversion read segments through this one path, so
/// both see the same times.
final class SegmentPackets {
    struct Packet {
        var packet: DemuxedPacket
        var stream: StreamInfo
        var pts: Int64
        var dts: Int64
        var duration: Int64
    }

    let demuxer: SegmentDemuxer
    private let reference: Int64?
    private var last: [Int: Int64] = [:]
    private let wanted: Set<Int>

    init(bytes: Data, name: String, reference: Int64?) throws {
        demuxer = try SegmentDemuxer(bytes: bytes, name: name)
        self.reference = reference
        wanted = Set(([demuxer.videoIndex].compactMap { $0 }) + demuxer.audioIndices)
    }

    func next() throws -> Packet? {
        while true {
            guard let packet = DemuxedPacket() else { throw InputError.outOfMemory(input: demuxer.name) }
            guard try demuxer.read(into: packet) else { return nil }
            guard wanted.contains(packet.streamIndex), let stream = demuxer.streams.first(where: { $0.index == packet.streamIndex })
            else { continue }
            let t = packet.ticks(timeBase: stream.timeBase)
            guard let raw = t.dts ?? t.pts else { continue }
            let wraps = demuxer.wraps(stream.index)
            func place(_ v: Int64, near r: Int64) -> Int64 {
                wraps ? ProgramClock.unwrap(UInt64(truncatingIfNeeded: v) & ProgramClock.mask, near: r) : v
            }
            let near = last[stream.index] ?? reference ?? raw
            let dts = place(raw, near: near)
            let pts = t.pts.map { place($0, near: dts) } ?? dts
            last[stream.index] = dts
            return Packet(packet: packet, stream: stream, pts: pts, dts: dts, duration: max(0, t.duration))
        }
    }
}
