/// Turns the TS scanner's events (in file order) into timed cues.
///
/// Splice times are 33-bit and say nothing about wraps; a cue without a time (splice_null,
/// splice_immediate, time_signal with time_specified_flag 0) takes effect at the first video
/// access unit after it arrives. Both need the video timeline, so cues wait here until the
/// next video PES has been seen, and leave in arrival order.
public struct InBandCueAssembler {
    private var video = TimestampUnwrapper()
    private var pending: [DetectedCue] = []
    /// Unwrapped PTS of the first video PES: "t = 0" for every time pkgctl reports.
    public private(set) var firstVideoTicks: Int64?
    public private(set) var latestVideoTicks: Int64?

    public init() {}

    /// Returns the cues whose time is now known, in arrival order.
    public mutating func ingest(_ event: TSScanEvent) -> [DetectedCue] {
        switch event {
        case .programMap:
            return []
        case .section(let s):
            pending.append(Self.decode(s.bytes, origin: .transportStream(pid: s.pid), arrival: s.lastPCR))
            return []
        case .videoPTS(let pts, _, _):
            let ticks = video.unwrap(pts)
            if firstVideoTicks == nil { firstVideoTicks = ticks }
            latestVideoTicks = video.latest
            return resolvePending(nextVideoTicks: ticks)
        }
    }

    /// End of input: cues still waiting get what can be known without a following frame.
    public mutating func finish() -> [DetectedCue] {
        resolvePending(nextVideoTicks: nil)
    }

    public static func decode(_ bytes: [UInt8], origin: CueOrigin, arrival: UInt64?) -> DetectedCue {
        var cue = DetectedCue(origin: origin, bytes: bytes, section: nil, decodeError: nil,
                              arrivalPTS: arrival, splicePTS: nil, effectiveTicks: nil, arrivalTicks: nil, chapter: nil)
        do {
            let section = try SpliceInfoSection.decode(bytes)
            cue.section = section
            cue.splicePTS = section.spliceTimeAdjusted
        } catch {
            cue.decodeError = String(describing: error)
        }
        return cue
    }

    private mutating func resolvePending(nextVideoTicks: Int64?) -> [DetectedCue] {
        guard !pending.isEmpty else { return [] }
        let reference = nextVideoTicks ?? latestVideoTicks
        var ready = pending
        pending.removeAll(keepingCapacity: true)
        for i in ready.indices {
            if let arrival = ready[i].arrivalPTS {
                ready[i].arrivalTicks = ProgramClock.unwrap(arrival, near: reference ?? Int64(arrival))
            }
            if let splice = ready[i].splicePTS {
                ready[i].effectiveTicks = ProgramClock.unwrap(splice, near: reference ?? Int64(splice))
            } else {
                ready[i].effectiveTicks = nextVideoTicks ?? ready[i].arrivalTicks
            }
        }
        return ready
    }
}
