import Primitives

/// Media clock: an epoch's pre-roll. Segmenting starts at the first grid boundary at least half a
/// step after the epoch's first video frame, and what comes before is read but not segmented:
/// a partner instance may have moved that boundary for a span edge in the half step before it,
/// and this instance has seen that half step. Meanwhile the offset between the wall clock and
/// the PTS is measured on every frame — the smallest is the least delayed packet (the first
/// ones come out of libavformat's probe buffer late) — and cues wait, so every span is routed
/// with the clock known. The epoch opens at the leading video's first keyframe at or after the
/// boundary; audio (and other renditions) before it is dropped, also when it arrives
/// after that keyframe, because a partner that was already running put it in the segment before.
struct MediaEpochStart {
    enum Step {
        /// Send the event on.
        case pass
        /// Do not send it (held or dropped).
        case hold
        /// The epoch starts at this event: its clock, then the held cues, then the event.
        case open(MediaClockAnchor, held: [PipelineEvent])
    }

    let stepTicks: Int64
    let quantum: Int64
    /// UTC ticks of PTS 0 given by the operator.
    let operatorOrigin: Int64?
    /// UTC ticks where the published segments end (the epoch may not be dated before it).
    let notBefore: Int64?
    private(set) var firstTicks: Int64?
    /// PTS of the keyframe the epoch opened at (nil while the pre-roll lasts).
    private(set) var openedAt: Int64?
    /// Smallest wall − PTS seen, in ticks.
    private(set) var offsetTicks: Int64?
    private var held: [PipelineEvent] = []

    init(stepTicks: Int64, operatorOrigin: Int64?, notBefore: Int64?) {
        self.stepTicks = max(1, stepTicks)
        quantum = MediaClockAnchor.quantum(stepTicks: stepTicks)
        self.operatorOrigin = operatorOrigin
        self.notBefore = notBefore
    }

    /// The first segment opened later than the keyframe the epoch opened at (CutGrid's
    /// `defersStart`): what comes before it belongs to a partner's earlier segment too.
    mutating func follow(firstFrame: Int64) {
        if let opened = openedAt, firstFrame > opened { openedAt = firstFrame }
    }

    mutating func admit(_ event: PipelineEvent, wallTicks: Int64) -> Step {
        if let opened = openedAt {
            guard case .packet(let packet) = event, packet.role != .video(rendition: 0) else { return .pass }
            // The side a running partner put the frame on: live cuts give a straddling audio
            // frame to the side holding most of its samples (a live input is MPEG-TS, so the
            // packet's duration is in 90 kHz ticks like its PTS).
            return AudioSpliceRule.side(pts: packet.pts, duration: packet.duration, cut: opened) == .before ? .hold : .pass
        }
        switch event {
        case .cue:
            held.append(event)
            return .hold
        case .packet(let packet) where packet.role == .video(rendition: 0):
            let first = firstTicks ?? packet.pts
            firstTicks = first
            offsetTicks = min(offsetTicks ?? Int64.max, wallTicks - packet.pts)
            let anchor = self.anchor(firstTicks: first)
            guard packet.isKeyframe, packet.pts >= boundary(firstTicks: first, origin: anchor.originTicks) else { return .hold }
            openedAt = packet.pts
            defer { held = [] }
            return .open(anchor, held: held)
        case .packet:
            return .hold
        default:
            return .pass
        }
    }

    func anchor(firstTicks: Int64) -> MediaClockAnchor {
        MediaClockAnchor.choose(offsetTicks: offsetTicks ?? 0, quantum: quantum, operatorOrigin: operatorOrigin,
                                firstTicks: firstTicks, notBefore: notBefore)
    }

    /// Input PTS of the first grid boundary at least half a step after the first frame.
    func boundary(firstTicks: Int64, origin: Int64) -> Int64 {
        let earliest = firstTicks + origin + stepTicks / 2
        let cell = ISO8601Text.floorDivide(earliest + stepTicks - 1, stepTicks)
        return cell * stepTicks - origin
    }
}
