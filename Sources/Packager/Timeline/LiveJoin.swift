/// Where a player that joins a live playlist now starts, and what it plays first.
///
/// The join point is HOLD-BACK (default three target durations) before the live edge, or
/// EXT-X-START when given (HLS §4.4.2.2, §4.4.3.8, §6.3.3) — hls.js's `liveSyncPosition`.
/// A CUE="PRE" interstitial plays first, wherever playback starts; primary then resumes at
/// the join point plus its X-RESUME-OFFSET (hls.js `livePrerollResumption`). A join inside
/// an interstitial starts it that far in (D.4 `_HLS_start_offset`).
public struct LiveJoin: Equatable, Sendable {
    /// Position on the primary timeline where playback starts (after any pre-roll).
    public let primaryNanos: Int64
    /// The pre-roll played first, if any.
    public let preRoll: String?
    /// The interstitial the join lands in, nil for primary.
    public let interstitial: String?
    /// How far into that interstitial (`_HLS_start_offset`); 0 for primary.
    public let startOffsetNanos: Int64

    public init(primaryNanos: Int64, preRoll: String?, interstitial: String?, startOffsetNanos: Int64) {
        self.primaryNanos = primaryNanos
        self.preRoll = preRoll
        self.interstitial = interstitial
        self.startOffsetNanos = startOffsetNanos
    }

    /// The schedule item the join lands in: the first non-pre-roll interstitial item whose
    /// primary span [start, end) holds the position, else primary.
    static func landing(at position: Int64, preRoll: String?, in segments: [TimelineSegment]) -> LiveJoin {
        for segment in segments {
            guard let interstitial = segment.interstitial, interstitial.cue != .pre else { continue }
            if segment.primaryStartNanos <= position, position < segment.primaryEndNanos {
                return LiveJoin(primaryNanos: position, preRoll: preRoll, interstitial: interstitial.id,
                                startOffsetNanos: position - segment.primaryStartNanos)
            }
        }
        return LiveJoin(primaryNanos: position, preRoll: preRoll, interstitial: nil, startOffsetNanos: 0)
    }
}
