import CFFmpeg

extension DemuxedPacket {
    /// A packet of `bytes` with `template`'s properties (stream, flags, side data, time base).
    static func splicePacket(bytes: [UInt8], template: UnsafePointer<AVPacket>) -> DemuxedPacket? {
        guard let made = DemuxedPacket(), let p = made.packet, av_new_packet(p, Int32(bytes.count)) >= 0 else { return nil }
        guard av_packet_copy_props(p, template) >= 0 else { return nil }
        bytes.withUnsafeBufferPointer { source in
            if let data = p.pointee.data, let base = source.baseAddress { data.update(from: base, count: source.count) }
        }
        return made
    }

    /// A new reference to `source` (an encoder's output packet), or a copy in `format`'s framing.
    static func splicePacket(encoded source: UnsafeMutablePointer<AVPacket>, format: NALPacketFormat) -> DemuxedPacket? {
        if format == .annexB {
            guard let made = DemuxedPacket(), av_packet_ref(made.packet, source) >= 0 else { return nil }
            return made
        }
        guard let data = source.pointee.data, source.pointee.size > 0 else { return nil }
        let annexB = Array(UnsafeBufferPointer(start: data, count: Int(source.pointee.size)))
        return splicePacket(bytes: format.packet(NALPacketFormat.annexB.units(annexB)), template: source)
    }

}

extension DemuxedPacket {
    var byteCount: Int { size }
}
