/// One interstitial as the timeline needs it: where it is scheduled on the primary, what it
/// plays and how it is presented. Times are nanoseconds; primary positions are on the
/// playlist's own timeline (the sum of EXTINF from its first segment, hls.js's `start`).
public struct ScheduledInterstitial: Equatable, Sendable {
    public let id: String
    public let line: Int
    public let cue: InterstitialCue
    /// CUE contains ONCE: it SHOULD NOT play again once played (HLS §4.4.5.1). A first
    /// playback schedules it like any other; the flag is reported, not applied.
    public let once: Bool
    /// X-SNAP="OUT" / "IN" (HLS D.2): the transition moves to the segment boundary nearest
    /// START-DATE / the resume point.
    public let snapOut: Bool
    public let snapIn: Bool
    /// START-DATE on the primary timeline (may lie outside the playlist's window).
    public let startNanos: Int64
    /// End of the date range on the primary timeline (END-DATE, DURATION or END-ON-NEXT);
    /// nil while it is unknown, e.g. a live break announced at its cue-out.
    public let rangeEndNanos: Int64?
    public let occupancy: TimelineOccupancy
    public let style: TimelineBarStyle
    public let contentMayVary: Bool
    /// X-RESTRICT tokens in canonical order (SKIP, then JUMP).
    public let restrictions: [String]
    /// X-RESUME-OFFSET as written; nil when absent.
    public let explicitResumeOffsetNanos: Int64?
    public let playoutLimitNanos: Int64?
    /// What it plays; empty when an asset list could not be read locally.
    public let assets: [InterstitialAsset]
    /// Total duration of what it plays before X-PLAYOUT-LIMIT; nil when nothing tells it.
    public let assetDurationNanos: Int64?

    public init(id: String, line: Int, cue: InterstitialCue, once: Bool = false, snapOut: Bool = false, snapIn: Bool = false,
                startNanos: Int64, rangeEndNanos: Int64?,
                occupancy: TimelineOccupancy, style: TimelineBarStyle, contentMayVary: Bool, restrictions: [String],
                explicitResumeOffsetNanos: Int64?, playoutLimitNanos: Int64?,
                assets: [InterstitialAsset], assetDurationNanos: Int64?) {
        self.id = id
        self.line = line
        self.cue = cue
        self.once = once
        self.snapOut = snapOut
        self.snapIn = snapIn
        self.startNanos = startNanos
        self.rangeEndNanos = rangeEndNanos
        self.occupancy = occupancy
        self.style = style
        self.contentMayVary = contentMayVary
        self.restrictions = restrictions
        self.explicitResumeOffsetNanos = explicitResumeOffsetNanos
        self.playoutLimitNanos = playoutLimitNanos
        self.assets = assets
        self.assetDurationNanos = assetDurationNanos
    }

    /// How long it plays: its assets, cut at X-PLAYOUT-LIMIT (D.2; hls.js `duration`).
    public var playedNanos: Int64 {
        let assets = max(0, assetDurationNanos ?? 0)
        guard let limit = playoutLimitNanos else { return assets }
        return min(assets, limit)
    }

    /// How much primary it consumes on its own: X-RESUME-OFFSET, else what it played —
    /// which is the playout limit when that is shorter than the assets (HLS D.2).
    public var resumeOffsetNanos: Int64 {
        explicitResumeOffsetNanos ?? playedNanos
    }

    /// Width on the integrated timeline: a RANGE occupies what it plays, a POINT nothing
    /// (AVFoundation: "duration is zero"; hls.js `timelineOccupancy === Range ? duration : 0`).
    public var integratedNanos: Int64 {
        occupancy == .range ? playedNanos : 0
    }

    /// Whether its end is known: a same-ID update added DURATION/END-DATE, END-ON-NEXT was
    /// resolved, or X-RESUME-OFFSET says where primary resumes.
    public var isComplete: Bool {
        rangeEndNanos != nil || explicitResumeOffsetNanos != nil
    }

    /// The stretch of primary (by date) the interstitial stands for, used to tell whether
    /// the live edge is inside it. Open-ended (nil end) until it is complete.
    public var liveSpan: (start: Int64, end: Int64?) {
        if let end = rangeEndNanos { return (startNanos, end) }
        if let offset = explicitResumeOffsetNanos { return (startNanos, startNanos.saturatingAdding(offset)) }
        return (startNanos, nil)
    }
}
