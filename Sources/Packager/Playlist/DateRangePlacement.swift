/// Where each date-range block goes in a media playlist.
///
/// hls.js turns START-DATE into media time through the PDT of the segment the tag is
/// anchored to, so a block is written right before the first segment whose
/// [PDT, PDT + duration) contains its anchor. A block that starts before the first segment
/// goes before the first segment; one that falls in a wall-clock gap between segments goes
/// before the next segment that starts after it; one that starts at or after the end of
/// the last segment goes after the last segment. Blocks keep their given order within a slot,
/// so several ranges at the same instant stay in tag order (interstitials play in that order).
struct DateRangePlacement {
    /// `beforeSegment[i]`: blocks written before segment i's tags.
    private(set) var beforeSegment: [[DateRangeBlock]]
    private(set) var afterLastSegment: [DateRangeBlock] = []

    init(blocks: [DateRangeBlock], segments: [SegmentRecord]) {
        beforeSegment = Array(repeating: [], count: segments.count)
        for block in blocks {
            if let index = DateRangePlacement.slot(of: block.anchorMillis, in: segments) {
                beforeSegment[index].append(block)
            } else {
                afterLastSegment.append(block)
            }
        }
    }

    private static func slot(of anchor: Int64, in segments: [SegmentRecord]) -> Int? {
        guard let first = segments.first else { return nil }
        if anchor < first.programDateTimeMillis { return 0 }
        if let containing = segments.firstIndex(where: { $0.contains(millis: anchor) }) { return containing }
        return segments.firstIndex { $0.programDateTimeMillis > anchor }
    }
}
