/// One unit of an input TS as the indexer found it: a PES packet (for video one access unit, a
/// frame; for audio usually a few frames), one PSI/SCTE-35 section, or the packets of another
/// PID between two payload_unit_start packets.
///
/// Its TS packets are every packet of `pid` from `firstPacket` through `lastPacket` (input byte
/// offsets of their sync bytes): units of one PID never overlap, so the range is enough to find
/// them again in the input, interleaved as the encoder sent them.
public struct TSAccessUnit: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case video, audio
        /// Any other PES (subtitles, teletext, private data) or non-PES payload.
        case other
        /// A splice_info_section (SCTE 35); `section` holds it.
        case scte35
        /// A new PAT or PMT version; `section` holds the table and the writer re-sends it.
        case programTable
    }

    public var pid: Int
    public var kind: Kind
    /// Position in the indexer's output, from 0.
    public var serial: Int
    public var firstPacket: Int64
    public var lastPacket: Int64
    public var packetCount: Int
    /// Unwrapped 90 kHz ticks (monotonic across the 33-bit wrap), when the PES header has them.
    public var pts: Int64?
    public var dts: Int64?
    /// Video: an IDR (H.264) / IRAP (HEVC) picture, or the encoder's random_access_indicator.
    public var keyframe: Bool
    /// Ticks to the next unit of the same PID (by DTS, else PTS); the previous unit's value for
    /// the last one. 0 when unknown.
    public var duration: Int64
    /// `.scte35` / `.programTable`: the whole section, table_id through CRC_32.
    public var section: [UInt8]?

    /// A whole PES to send instead of the unit's own packets (an audio PES split at a cut).
    public var replacementPES: [UInt8]? = nil
    /// With `replacementPES`: the 48-bit program_clock_reference field the unit's own packets
    /// carried (base, reserved bits, extension), sent again in the replacement's first packet so a
    /// re-encoded splice GOP on the PCR PID does not leave a gap in the clock.
    public var replacementPCR: UInt64? = nil

    /// DTS, else PTS: the time this unit is decoded.
    public var decodeTicks: Int64? { dts ?? pts }
}
