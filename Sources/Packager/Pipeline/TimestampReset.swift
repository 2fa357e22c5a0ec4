import CueDetect

/// The video timestamps of a local TS file jumped (`TimestampResetScan.isReset`): the file holds
/// runs of timestamps of its own (SSAI output recorded as one file), which a plain source does
/// not re-time. A source that watches for it throws this during its pass, and `VodPipeline`
/// drops what the pass staged and reads the file again as stitched (`StitchedFileSource`), so a
/// plain file is read once rather than scanned whole beforehand (that scan was a seventh of a TS
/// run's CPU and a twelfth of an fMP4 one's).
struct TimestampReset: Error, Equatable {
    var fromTicks: Int64
    var toTicks: Int64
}

/// Watches consecutive video timestamps for the reset test of `TimestampResetScan`.
struct TimestampResetWatch {
    private var last: Int64?
    /// The first jump seen.
    private(set) var reset: TimestampReset?

    /// `ticks` must be unwrapped (a 33-bit wrap is not a reset).
    mutating func observe(_ ticks: Int64) {
        if reset == nil, let last, TimestampResetScan.isReset(from: last, to: ticks) {
            reset = TimestampReset(fromTicks: last, toTicks: ticks)
        }
        last = ticks
    }

    /// A raw 33-bit PES timestamp, unwrapped near the last one (as the scan does).
    mutating func observe(raw: UInt64) {
        observe(last.map { ProgramClock.unwrap(raw, near: $0) } ?? Int64(raw & ProgramClock.mask))
    }
}
