/// A splice_info_section candidate found on a PID that can carry SCTE-35.
public struct ScannedSection: Equatable, Sendable {
    public var pid: Int
    /// The whole section, table_id through CRC_32.
    public var bytes: [UInt8]
    /// Offset in the input of the TS packet where the section started.
    public var byteOffset: Int64
    public var packetIndex: Int64
    /// Last PCR base (33-bit, 90 kHz) of the section's program before it completed: the
    /// arrival time, as libavformat stamps its scte_35 packets. nil before the first PCR.
    public var lastPCR: UInt64?
    /// Whether FFmpeg 5.1 would also deliver this PID as an `scte_35` stream.
    public var libavformatExposes: Bool

    public init(pid: Int, bytes: [UInt8], byteOffset: Int64, packetIndex: Int64, lastPCR: UInt64?, libavformatExposes: Bool) {
        self.pid = pid
        self.bytes = bytes
        self.byteOffset = byteOffset
        self.packetIndex = packetIndex
        self.lastPCR = lastPCR
        self.libavformatExposes = libavformatExposes
    }
}

public enum TSScanEvent: Equatable, Sendable {
    /// A PMT was seen for the first time or changed version.
    case programMap(ProgramMap)
    case section(ScannedSection)
    /// The PTS of a video PES that starts in the packet at `byteOffset` (first video PID).
    case videoPTS(pts: UInt64, byteOffset: Int64, packetIndex: Int64)
}

public struct TSScanStats: Equatable, Sendable, Codable {
    public var packets: Int64 = 0
    public var bytes: Int64 = 0
    public var syncLosses = 0
    public var continuityErrors = 0
    public var sections = 0

    public init() {}
}
