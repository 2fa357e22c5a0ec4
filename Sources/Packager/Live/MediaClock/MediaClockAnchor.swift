import Primitives

/// The UTC time (90 kHz ticks since 1970) of an epoch's input PTS 0 under the media clock: the
/// one number from which PDT, segment numbers and date-range IDs follow (UTC ticks = PTS +
/// origin). It is chosen so that two instances reading the same encoder output pick the same
/// value without talking to each other:
/// - with an operator origin (the UTC time of PTS 0), that origin plus the whole PTS periods
///   (2^33 ticks, 26.5 h) the wall clock says have passed;
/// - otherwise the measured offset (wall clock − PTS) rounded down to a lattice of whole PTS
///   periods plus whole quanta: two instances agree unless their measurements straddle a
///   lattice point, which the margin reports. Counting whole PTS periods keeps an instance that
///   starts after a PTS wrap on the same lattice as one that read through it.
struct MediaClockAnchor: Equatable, Sendable {
    static let wrap: Int64 = 1 << 33

    let originTicks: Int64
    /// Distance from the measured offset to the nearest lattice point (nil with an operator
    /// origin): below the spread between two instances' measurements, they may disagree.
    let marginTicks: Int64?
    /// The lattice origin was moved up so the epoch is not dated before what was published.
    let raised: Bool

    /// - offsetTicks: wall clock − PTS, the smallest measured (the least delayed packet);
    /// - quantum: the rounding step, a multiple of the grid step so that the grid's place in
    ///   the PTS timeline does not depend on which quantum is chosen;
    /// - firstTicks, notBefore: the epoch's first frame may not be dated before `notBefore`
    ///   (UTC ticks where the published segments end); the quantised origin moves up to the
    ///   next lattice point that satisfies it (both instances have published the same end).
    static func choose(offsetTicks y: Int64, quantum: Int64, operatorOrigin: Int64?, firstTicks: Int64,
                       notBefore: Int64?) -> MediaClockAnchor {
        let w = wrap
        if let origin = operatorOrigin {
            let periods = ISO8601Text.floorDivide(y - origin + w / 2, w)
            return MediaClockAnchor(originTicks: origin + periods * w, marginTicks: nil, raised: false)
        }
        let q = max(1, quantum)
        let periods = ISO8601Text.floorDivide(y, w)
        let rest = y - periods * w
        let quanta = ISO8601Text.floorDivide(rest, q)
        let cellEnd = min((quanta + 1) * q, w)
        let margin = min(rest - quanta * q, cellEnd - rest)
        let origin = periods * w + quanta * q
        guard let notBefore, origin + firstTicks < notBefore else {
            return MediaClockAnchor(originTicks: origin, marginTicks: margin, raised: false)
        }
        return MediaClockAnchor(originTicks: lattice(atLeast: notBefore - firstTicks, quantum: q),
                                marginTicks: margin, raised: true)
    }

    /// The smallest lattice point (whole periods plus whole quanta within a period) ≥ `ticks`.
    static func lattice(atLeast ticks: Int64, quantum q: Int64) -> Int64 {
        let periods = ISO8601Text.floorDivide(ticks, wrap)
        let rest = ticks - periods * wrap
        let quanta = ISO8601Text.floorDivide(rest + q - 1, q)
        return quanta * q >= wrap ? (periods + 1) * wrap : periods * wrap + quanta * q
    }

    /// The rounding quantum for a grid step: the first multiple of it that is at least 10 s.
    /// Coarser quanta make a disagreement rarer and PDT further behind the wall clock.
    static func quantum(stepTicks: Int64) -> Int64 {
        let floor: Int64 = 10 * 90_000
        let step = max(1, stepTicks)
        return step * max(1, (floor + step - 1) / step)
    }
}
