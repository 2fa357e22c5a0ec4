extension DemuxedPacket {
    /// A packet of `bytes` on input stream `stream` with the caller's timestamps (the byte-level
    /// TS path, whose access units were never demuxed into AVPackets), 90 kHz time base. Its
    /// AVPacket is made only if a decoder asks for it.
    static func splicePacket(bytes: [UInt8], stream: Int, pts: Int64, dts: Int64, keyframe: Bool) -> DemuxedPacket? {
        DemuxedPacket(bytes: bytes, stream: stream, pts: pts, dts: dts, keyframe: keyframe, timeBase: (1, 90_000))
    }
}
