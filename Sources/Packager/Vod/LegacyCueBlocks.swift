import DateRangeWriter

/// Legacy cue tags (CUE-OUT/CONT/IN, OATCLS, EXT-X-SCTE35, SCTE35-only DATERANGE) for SSAI
/// systems that do not read interstitials, placed before the primary segments they describe.
/// They mark a span the primary still contains, so only overlay spans get them.
enum LegacyCueBlocks {
    struct Span {
        var cue: LegacyCueSpan
        /// Primary-timeline ticks where the span starts and ends.
        var start: Int64
        var end: Int64
    }

    static func blocks(dialects: [LegacyCueDialect], spans: [Span], segments: [SegmentRecord],
                       warn: (String) -> Void) -> [DateRangeBlock] {
        guard !dialects.isEmpty else { return [] }
        var blocks: [DateRangeBlock] = []
        for dialect in dialects {
            let renderer = LegacyCueRenderer(dialect: dialect)
            for span in spans {
                var announcedOut = false
                for segment in segments {
                    let position: LegacySegmentPosition
                    if segment.startTicks >= span.end {
                        guard announcedOut else { break }
                        position = .firstAfterSpan
                    } else if segment.startTicks >= span.start {
                        position = announcedOut ? .continuing(elapsed: HLSDecimal(ticks90k: segment.startTicks - span.start))
                            : .firstInSpan
                        announcedOut = true
                    } else {
                        continue
                    }
                    do {
                        let lines = try renderer.lines(for: span.cue, at: position)
                        if !lines.isEmpty {
                            blocks.append(DateRangeBlock(anchorMillis: segment.programDateTimeMillis, lines: lines))
                        }
                    } catch {
                        warn("\(dialect.rawValue) cue tags for \(span.cue.id): \(error)")
                        break
                    }
                    if position == .firstAfterSpan { break }
                }
            }
        }
        return blocks
    }
}
