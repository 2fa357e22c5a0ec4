/// The segments of a live media playlist over its life: appends at the live edge, removal
/// from the front, and the sequence numbers that let clients follow both (HLS §6.2.2).
///
/// The window is measured the way clients measure it, by the sum of the written EXTINF
/// values (`ExtinfText.millis`), so "at least three target durations" holds for the
/// playlist text and not only for the exact tick counts.
public struct LiveWindow: Codable, Equatable, Sendable {
    public private(set) var kind: PlaylistKind
    public let targetDuration: Int
    /// Keep at least this many segments (nil: no count limit).
    public let windowSegments: Int?
    /// Keep at least this much media, in seconds (nil: no duration limit).
    public let windowSeconds: Double?
    public private(set) var segments: [SegmentRecord] = []
    /// Media sequence number of `segments.first`: the count of segments that ever left.
    public private(set) var mediaSequence = 0
    /// Count of EXT-X-DISCONTINUITY tags that left with removed segments.
    public private(set) var discontinuitySequence = 0
    /// Sum of the written EXTINF values of `segments`, in ms.
    public private(set) var windowMillis: Int64 = 0
    /// The largest window in segments a configuration may ask for: 69 days of 6 s segments,
    /// far past any DVR window (`--event` keeps everything).
    public static let mostSegments = 1_000_000

    /// A sliding window. A segment leaves the front only when every given limit has more
    /// than it needs without it (when both are given, the longer window wins) and at least
    /// three target durations of media remain, which the spec requires of any removal.
    /// With neither limit, the window is that spec minimum.
    public init(targetDuration: Int, windowSegments: Int?, windowSeconds: Double?) {
        self.kind = .live
        self.targetDuration = targetDuration
        self.windowSegments = windowSegments
        self.windowSeconds = windowSeconds
    }

    /// An EVENT playlist (`--event`): same bookkeeping, but nothing ever leaves.
    public static func event(targetDuration: Int) -> LiveWindow {
        var window = LiveWindow(targetDuration: targetDuration, windowSegments: nil, windowSeconds: nil)
        window.kind = .event
        return window
    }

    /// Three target durations in ms: the shortest a live playlist may be after a removal.
    public var minimumMillis: Int64 { Int64(targetDuration) * 3 * 1000 }

    /// Adds a segment at the live edge and returns the segments that left the front, in
    /// order, so their files can be deleted once their availability ends.
    @discardableResult
    public mutating func append(_ segment: SegmentRecord) -> [SegmentRecord] {
        segments.append(segment)
        windowMillis += ExtinfText.millis(ticks: segment.durationTicks)
        var removed: [SegmentRecord] = []
        while kind == .live, let first = segments.first, mayRemove(first) {
            segments.removeFirst()
            windowMillis -= ExtinfText.millis(ticks: first.durationTicks)
            mediaSequence += 1
            if first.discontinuity { discontinuitySequence += 1 }
            removed.append(first)
        }
        return removed
    }

    /// `append`, refusing a segment that would break the fixed EXT-X-TARGETDURATION
    /// (a live playlist's target can never change, so the window cannot grow it).
    @discardableResult
    public mutating func appendChecking(_ segment: SegmentRecord) throws -> [SegmentRecord] {
        try TargetDuration.check(segment, fits: targetDuration)
        return append(segment)
    }

    private func mayRemove(_ first: SegmentRecord) -> Bool {
        let remainingMillis = windowMillis - ExtinfText.millis(ticks: first.durationTicks)
        guard segments.count > 1, remainingMillis >= minimumMillis else { return false }
        if let windowSegments, segments.count - 1 < windowSegments { return false }
        if let windowSeconds, Double(remainingMillis) < windowSeconds * 1000 { return false }
        return true
    }

    /// A date range may be dropped from the playlist only once no date in it maps to a
    /// segment still listed (HLS §6.2.1): it ended before the first segment's PDT.
    /// An open-ended range (`endMillis` nil) must stay.
    public func dateRangeMayLeave(endMillis: Int64?) -> Bool {
        guard let endMillis, let first = segments.first else { return false }
        return endMillis < first.programDateTimeMillis
    }

    /// The window with its segments left out, for a state file that keeps them in the state journal
    /// (`StateJournal`); the sequences and `windowMillis` stay.
    func withoutSegments() -> LiveWindow {
        var copy = self
        copy.segments = []
        return copy
    }

    /// A window saved without its segments, with them put back; nil when their EXTINF values
    /// do not add up to the length it was saved with.
    func restoring(_ segments: [SegmentRecord]) -> LiveWindow? {
        guard segments.reduce(Int64(0), { $0 + ExtinfText.millis(ticks: $1.durationTicks) }) == windowMillis else { return nil }
        var copy = self
        copy.segments = segments
        return copy
    }

    /// The current version of the playlist. `independentSegments` defaults to false because
    /// the multivariant playlist carries that tag (see `MultivariantPlaylist`).
    public func playlist(dateRanges: [DateRangeBlock], endList: Bool,
                         independentSegments: Bool = false, extraHeaderLines: [String] = []) -> MediaPlaylist {
        MediaPlaylist(kind: kind, targetDuration: targetDuration, mediaSequence: mediaSequence,
                      discontinuitySequence: discontinuitySequence, segments: segments, dateRanges: dateRanges,
                      independentSegments: independentSegments, endList: endList, extraHeaderLines: extraHeaderLines)
    }
}
