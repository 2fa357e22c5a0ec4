/// How an overlay interstitial near the end of a VOD primary says where the primary resumes.
///
/// Why: hls.js (1.6.16) appends an interstitial "in place" — into the primary's own
/// MediaSource — when X-RESUME-OFFSET equals DURATION (`interstitial-event.ts`
/// `appendInPlace`). If the primary has already been buffered to its last segment when such an
/// interstitial starts, hls.js hands the MediaSource to the asset player, takes it back at the
/// resume point and never calls `endOfStream()` again: Chromium stalls a fraction of a second
/// before the end and `ended` never fires (make interop, vod-stitched_vod-fmp4-overlay: stalled
/// at 174.9 of 175.07 s; docs/interop.md). hls.js buffers the primary ahead by
/// max(30 s, 8 × 60 MB / BANDWIDTH), at most 600 s (`getMaxBufferLength` with its defaults), so
/// an interstitial that starts within that distance of the end can meet a primary buffered to
/// its end.
///
/// For those interstitials the resume point is given as X-PLAYOUT-LIMIT = the span's length
/// with X-RESUME-OFFSET left out. The spec makes the two equivalent for an asset as long as the
/// span (D.2: without X-RESUME-OFFSET the primary resumes after what was played, which the
/// playout limit bounds), and Bitmovin's documented fallback is the playout limit; measured,
/// Shaka 5.0.4 plays the form to the end as well (docs/interop.md). hls.js then
/// plays the asset in its own MediaSource and the primary's end of stream is kept. Interstitials
/// further from the end keep X-RESUME-OFFSET and hls.js's seamless append-in-place.
public struct TailResumeRule: Hashable, Sendable {
    /// How far before the primary's end an interstitial may start and still meet a primary
    /// that a client has buffered to its end.
    public var horizonMilliseconds: Int64

    public init(horizonMilliseconds: Int64) {
        self.horizonMilliseconds = max(0, horizonMilliseconds)
    }

    /// hls.js's forward buffer with its default configuration for the lowest BANDWIDTH of the
    /// presentation (the rendition it buffers furthest ahead), plus one target duration because
    /// it loads a whole segment once the segment's start is inside the buffer goal.
    public static func hlsjsDefaults(lowestBandwidth: Int, targetDurationSeconds: Int) -> TailResumeRule {
        let maxBufferLength: Int64 = 30_000, maxMaxBufferLength: Int64 = 600_000
        let maxBufferSizeBits: Int64 = 8 * 60 * 1000 * 1000
        let bySize = lowestBandwidth > 0 ? maxBufferSizeBits * 1000 / Int64(lowestBandwidth) : maxMaxBufferLength
        let buffer = min(max(bySize, maxBufferLength), maxMaxBufferLength)
        return TailResumeRule(horizonMilliseconds: buffer + Int64(max(0, targetDurationSeconds)) * 1000)
    }

    /// Whether an interstitial starting at `startMillis` is inside the horizon of a primary
    /// ending at `primaryEndMillis` (both on the primary's clock, e.g. its PDT).
    public func applies(startMillis: Int64, primaryEndMillis: Int64) -> Bool {
        primaryEndMillis - startMillis <= horizonMilliseconds
    }

    /// The range with its resume point expressed by X-PLAYOUT-LIMIT. Only an overlay range
    /// whose X-RESUME-OFFSET equals its DURATION changes (strip's X-RESUME-OFFSET=0 is never
    /// appended in place and means something else).
    public func reshaped(_ range: DateRange) -> DateRange {
        guard let duration = range.duration, let offset = range.interstitial?.resumeOffset,
              offset == duration, !duration.isNegative, duration.milliseconds > 0 else { return range }
        var out = range
        out.interstitial?.resumeOffset = nil
        if let limit = out.interstitial?.playoutLimit, limit.milliseconds < duration.milliseconds { return out }
        out.interstitial?.playoutLimit = duration
        return out
    }
}
