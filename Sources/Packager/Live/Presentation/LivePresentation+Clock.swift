import CueDetect
import Primitives

/// The epoch's clock: where PDT is anchored (the first video frame's wall time, an SCTE-35
/// time_descriptor, or the media clock's origin) and how primary ticks map to it.
extension LivePresentation {
    /// Media clock: the primary timeline is UTC in 90 kHz ticks (input + `originTicks`), so PDT
    /// is the segment's start itself and segments are numbered by their `stepTicks` grid cell.
    mutating func useMediaClock(originTicks: Int64, stepTicks: Int64) {
        epoch.anchor = (0, 0)
        epoch.shift = -originTicks
        epoch.gridStep = stepTicks
        epoch.gridNext = Array(repeating: nil, count: epoch.startsEpoch.count)
        state.ensureGridCursors(epoch.startsEpoch.count)
    }

    /// The first video frame of the epoch was read at `wallMillis`: PDT is anchored there, never
    /// before what is already published.
    mutating func anchor(ticks: Int64, wallMillis: Int64) {
        guard epoch.anchor == nil else { return }
        epoch.anchor = (ticks, max(wallMillis, pdtFloor ?? wallMillis))
    }

    /// PDT (epoch ms) of a primary-timeline tick.
    func millis(_ ticks: Int64) -> Int64? { epoch.anchor.map { $0.millis + (ticks - $0.ticks) / 90 } }

    /// An SCTE-35 time_descriptor states the UTC time of its splice (TAI − UTC offset). One that
    /// arrives before the epoch has published anything maps PDT instead of the wall clock; later
    /// ones are ignored, since moving the mapping would change published dates.
    mutating func cue(_ cue: DetectedCue) -> PublishPlan {
        guard let section = cue.section, section.crcOK, let ticks = cue.effectiveTicks,
              let time = section.descriptors.lazy.compactMap({ d -> TimeDescriptor? in
                  if case .time(let t) = d { return t } else { return nil }
              }).first else { return [] }
        guard epoch.gridStep == nil else {
            guard !epoch.usedTimeDescriptor else { return [] }
            epoch.usedTimeDescriptor = true
            return [.log(.info, .state, ["action": "time_descriptor", "used": false,
                                         "reason": "the media clock dates the media from its own timestamps (docs/redundancy.md)"])]
        }
        let utc = (Int64(time.taiSeconds) - Int64(time.utcOffset)) * 1000 + Int64(time.taiNanoseconds) / 1_000_000
        guard epoch.startsEpoch.allSatisfy({ $0 }), !spans.values.contains(where: { $0.announced != nil }) else {
            guard !epoch.usedTimeDescriptor else { return [] }
            epoch.usedTimeDescriptor = true
            return [.log(.info, .state, ["action": "time_descriptor", "used": false,
                                         "reason": "the epoch has already published dates"])]
        }
        let candidate = (ticks: ticks - epoch.shift, millis: utc)
        if let floor = pdtFloor, let first = epoch.anchor?.ticks,
           candidate.millis + (first - candidate.ticks) / 90 < floor {
            return [.log(.warn, .state, ["action": "time_descriptor", "used": false,
                                         "reason": "it would move PDT before already published segments"])]
        }
        epoch.anchor = candidate
        return [.log(.info, .state, ["action": "time_descriptor", "used": true, "utc": .string(ISO8601Text.format(millis: utc))])]
    }
}

/// What one epoch (a stretch of continuous input timestamps) needs for publishing.
struct LiveEpochClock {
    var anchor: (ticks: Int64, millis: Int64)?
    var discontinuity = false
    /// Per rendition: the first segment of the epoch is still to go out (it carries the
    /// DISCONTINUITY and, for fMP4, the epoch's init segment).
    var startsEpoch: [Bool] = []
    var maps: [Int: String] = [:]
    /// Ticks removed from the primary so far in this epoch (strip placement).
    var shift: Int64 = 0
    var usedTimeDescriptor = false
    /// Media clock: the grid step, and per rendition the number of the next segment (nil until
    /// the epoch's first: its grid cell).
    var gridStep: Int64?
    var gridNext: [Int?] = []
    /// The epoch's codecs (a change from the last published epoch is a discontinuity).
    var codecs = ""

    init() {}

    init(discontinuity: Bool, renditions: Int) {
        self.discontinuity = discontinuity
        startsEpoch = Array(repeating: true, count: renditions)
    }
}
