import CFFmpeg

/// One packet from the demuxer. Owns its AVPacket; the pointer stays inside the Packager's
/// FFmpeg adapter files (muxers take it from here without a copy).
final class DemuxedPacket {
    private(set) var packet: UnsafeMutablePointer<AVPacket>?

    init?() {
        guard let p = av_packet_alloc() else { return nil }
        packet = p
    }

    deinit { av_packet_free(&packet) }

    var streamIndex: Int { Int(packet?.pointee.stream_index ?? -1) }
    var pts: Int64? { packet.flatMap { $0.pointee.pts == pkgctl_nopts() ? nil : $0.pointee.pts } }
    var dts: Int64? { packet.flatMap { $0.pointee.dts == pkgctl_nopts() ? nil : $0.pointee.dts } }
    var duration: Int64 { packet?.pointee.duration ?? 0 }
    var isKeyframe: Bool { (packet?.pointee.flags ?? 0) & AV_PKT_FLAG_KEY != 0 }
    /// libavformat saw damage in it (MPEG-TS: a continuity-counter gap inside its PES).
    var isCorrupt: Bool { (packet?.pointee.flags ?? 0) & AV_PKT_FLAG_CORRUPT != 0 }

    var bytes: [UInt8] {
        guard let p = packet, let data = p.pointee.data, p.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.pointee.size)))
    }

    var size: Int { Int(packet?.pointee.size ?? 0) }

    /// The first `count` bytes (fewer if the packet is shorter), without copying the rest.
    func prefix(_ count: Int) -> [UInt8] {
        guard let p = packet, let data = p.pointee.data, p.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: min(count, Int(p.pointee.size))))
    }

    func unref() { av_packet_unref(packet) }

    /// Stamps a packet that came without timestamps (stream time base).
    func setTimestamps(_ value: Int64) {
        packet?.pointee.pts = value
        packet?.pointee.dts = value
    }
}
