/// Spaces an input's damage warnings on the media clock: the first as soon as there is
/// something to say, then at most one per `ticks` of media (90 kHz), so a stream damaged
/// throughout gives a line every ten seconds, not one per packet. `ticks` nil: only when forced
/// (the end of a file), one line in all.
struct WarningSpacing {
    let ticks: Int64?
    private var last: Int64?

    init(ticks: Int64?) { self.ticks = ticks }

    /// Whether a warning may go out at media time `now` (`force`: the end of input).
    func isDue(at now: Int64, force: Bool) -> Bool {
        if force { return true }
        guard let ticks else { return false }
        return now - (last ?? Int64.min / 2) >= ticks
    }

    /// A warning went out at `now`.
    mutating func sent(at now: Int64) { last = now }
}
