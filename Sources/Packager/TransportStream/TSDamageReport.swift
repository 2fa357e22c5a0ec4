/// Turns the byte-level indexer's damage counters into warnings naming the input: the
/// libavformat engine reports the damaged packets it drops (`PacketSanitizer`), and an input read
/// by the byte engine is just as damaged, so it says so too — sync lost, continuity gaps (packets
/// lost, as on a lossy UDP feed), packets an upstream demodulator flagged, a cut-off last packet.
///
/// Each warning counts what is new since the one before. `interval` (90 kHz ticks of media)
/// spaces them on a live input, as `PacketSanitizer`'s are spaced; nil reports only when forced,
/// at the end of a file, so a damaged programme gives one line, not one per ten seconds.
struct TSDamageReport {
    let input: String
    private var spacing: WarningSpacing
    private var reported = TSIndexerStats()

    init(input: String, interval: Int64?) {
        self.input = input
        spacing = WarningSpacing(ticks: interval)
    }

    /// The warning for damage counted in `stats` since the last one, if it is time (`now`: the
    /// media read so far, in ticks; `force`: the end of input).
    mutating func warning(_ stats: TSIndexerStats, now: Int64, force: Bool) -> [PipelineEvent] {
        guard spacing.isDue(at: now, force: force) else { return [] }
        var parts: [String] = []
        let syncLosses = stats.syncLosses - reported.syncLosses
        let gaps = stats.continuityErrors - reported.continuityErrors
        let flagged = stats.transportErrors - reported.transportErrors
        if syncLosses > 0 { parts.append("\(syncLosses) sync loss(es), bytes skipped to the next packet") }
        if gaps > 0 { parts.append("\(gaps) continuity gap(s), packets lost or damaged") }
        if flagged > 0 { parts.append("\(flagged) packet(s) flagged with transport_error_indicator") }
        if force, stats.truncatedBytes > 0 { parts.append("the last \(stats.truncatedBytes) byte(s) not a whole packet (cut short)") }
        guard !parts.isEmpty else { return [] }
        reported = stats
        spacing.sent(at: now)
        return [.warning("input '\(input)': damaged transport stream: " + parts.joined(separator: "; "))]
    }
}
