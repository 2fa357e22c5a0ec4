import CueDetect

/// A packet's PTS and DTS as unwrapped 90 kHz ticks (MPEG-TS streams tick at 90 kHz): DTS is
/// unwrapped per stream, PTS placed next to it, a missing one taken from the other.
struct PacketClock {
    private var unwrappers: [Int: TimestampUnwrapper] = [:]

    mutating func times(of packet: DemuxedPacket) -> (pts: Int64, dts: Int64)? {
        guard let raw = packet.dts ?? packet.pts else { return nil }
        let dts = unwrappers[packet.streamIndex, default: TimestampUnwrapper()].unwrap(UInt64(truncatingIfNeeded: raw))
        let pts = packet.pts.map { ProgramClock.unwrap(UInt64(truncatingIfNeeded: $0), near: dts) } ?? dts
        return (pts, dts)
    }

    /// Forget the timeline (a timestamp reset starts a new one).
    mutating func reset() { unwrappers = [:] }
}
