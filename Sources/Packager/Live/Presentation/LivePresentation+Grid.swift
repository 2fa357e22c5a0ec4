import Primitives

/// Media clock: numbering primary segments by their grid cell. Within an epoch the numbers run
/// on from the epoch's first segment (whose number is its cell; CutGrid keeps one segment per
/// cell). Across epochs and restarts the playlist must stay consecutive and never go back:
/// - a segment numbered at or below what was already handed over, or starting before its end,
///   is not published (a reconnect re-reading media, an origin moved back);
/// - numbers skipped (an outage, a restart) are listed as EXT-X-GAP segments covering exactly
///   the missing time, cut at the grid boundaries, so timestamps, PDT and numbers stay aligned
///   with a partner that kept running, and no discontinuity is needed;
/// - a first segment that does follow on but leaves a hole is itself listed as a gap from where
///   the last one ended (there is no number for the hole).
extension LivePresentation {
    enum GridPlacement: Equatable {
        case drop(PublishPlan)
        /// `gapFrom`: the segment itself is listed as a gap from there (it leaves a hole).
        case list(index: Int, gaps: [SegmentRecord], gapFrom: Int64?)
    }

    mutating func gridPlacement(of segment: FinishedSegment, step: Int64) -> GridPlacement {
        let k = segment.rendition
        state.ensureGridCursors(k + 1)
        guard k < epoch.gridNext.count, var cursor = state.grid?[k] else { return .drop([]) }
        let index = epoch.gridNext[k] ?? Int(ISO8601Text.floorDivide(segment.startTicks, step))
        epoch.gridNext[k] = index + 1
        let start = segment.startTicks, end = segment.startTicks + segment.durationTicks
        var gaps: [SegmentRecord] = []
        var gapFrom: Int64?
        if let last = cursor.lastIndex, let lastEnd = cursor.lastEndTicks {
            guard index > last, start >= lastEnd else {
                return .drop([.log(.info, .segment, ["action": "not_published", "number": .int(index), "pts": .int(Int(start)),
                                                      "reason": .string("already published up to number \(last)")])])
            }
            var from = lastEnd
            for n in (last + 1)..<index {
                let to = n == index - 1 ? start : max(from, min(start, Int64(n + 1) * step))
                gaps.append(gapRecord(n, from: from, to: to, rendition: k))
                from = to
            }
            if index == last + 1, start > lastEnd { gapFrom = lastEnd }
        } else {
            cursor.firstIndex = cursor.firstIndex ?? index
        }
        cursor.lastIndex = index
        cursor.lastEndTicks = end
        cursor.codecs = epoch.codecs
        state.grid?[k] = cursor
        return .list(index: index, gaps: gaps, gapFrom: gapFrom)
    }

    /// A grid number with no media: listed, never loaded (EXT-X-GAP).
    func gapRecord(_ index: Int, from: Int64, to: Int64, rendition k: Int) -> SegmentRecord {
        SegmentRecord(uri: OutputLayout.segment(index, format: options.segmentFormat), durationTicks: to - from,
                      startTicks: from, bytes: 0, discontinuity: false,
                      programDateTimeMillis: ISO8601Text.floorDivide(from, 90),
                      mapURI: options.segmentFormat == .fmp4 ? state.window(k).segments.last?.mapURI : nil, gap: true)
    }

    /// Under the media clock an epoch breaks the timeline only when the codecs change: its
    /// timestamps are UTC, continuous across encoder restarts and reconnects.
    func mediaClockDiscontinuity(codecs: String) -> Bool {
        guard let previous = state.grid?.first?.codecs else { return false }
        return previous != codecs
    }
}
