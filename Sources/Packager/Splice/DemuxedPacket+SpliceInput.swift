import CFFmpeg

extension DemuxedPacket {
    /// A packet of `bytes` on input stream `stream` with the caller's timestamps (the byte-level
    /// TS path, whose access units were never demuxed into AVPackets), 90 kHz time base.
    static func splicePacket(bytes: [UInt8], stream: Int, pts: Int64, dts: Int64, keyframe: Bool) -> DemuxedPacket? {
        guard let made = DemuxedPacket(), let p = made.packet, av_new_packet(p, Int32(bytes.count)) >= 0 else { return nil }
        bytes.withUnsafeBufferPointer { source in
            if let data = p.pointee.data, let base = source.baseAddress { data.update(from: base, count: source.count) }
        }
        p.pointee.stream_index = Int32(stream)
        p.pointee.pts = pts
        p.pointee.dts = dts
        p.pointee.flags = keyframe ? AV_PKT_FLAG_KEY : 0
        p.pointee.time_base = AVRational(num: 1, den: 90_000)
        return made
    }

    /// Drops AV_PKT_FLAG_KEY (a picture that decodes on its own but is not offered as a cut point).
    func clearKeyframeFlag() {
        packet?.pointee.flags &= ~AV_PKT_FLAG_KEY
    }
}
