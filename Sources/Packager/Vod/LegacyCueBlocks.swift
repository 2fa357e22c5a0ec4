import DateRangeWriter

/// Legacy cue tags (CUE-OUT/CONT/IN, OATCLS, EXT-X-SCTE35, SCTE35-only DATERANGE) for SSAI
/// systems that do not read interstitials, placed before the primary segments they describe.
/// They mark a span the primary still contains, so only overlay spans get them. Positions are
/// judged by wall-clock instants (PDT), so a live window that starts mid-span still marks its
/// segments as continuing, not as the span's start, and the lines of a segment never change
/// from one playlist version to the next.
enum LegacyCueBlocks {
    struct Span: Codable, Equatable {
        var cue: LegacyCueSpan
        /// PDT (epoch ms) where the span's media starts and ends on the primary; nil while open.
        var startMillis: Int64
        var endMillis: Int64?
    }

    static func blocks(dialects: [LegacyCueDialect], spans: [Span], segments: [SegmentRecord],
                       warn: (String) -> Void) -> [DateRangeBlock] {
        guard !dialects.isEmpty else { return [] }
        var blocks: [DateRangeBlock] = []
        for dialect in dialects {
            let renderer = LegacyCueRenderer(dialect: dialect)
            for span in spans {
                for segment in segments {
                    guard let position = position(of: segment, in: span) else { continue }
                    do {
                        let lines = try renderer.lines(for: span.cue, at: position)
                        if !lines.isEmpty {
                            blocks.append(DateRangeBlock(anchorMillis: segment.programDateTimeMillis, lines: lines))
                        }
                    } catch {
                        warn("\(dialect.rawValue) cue tags for \(span.cue.id): \(error)")
                        break
                    }
                }
            }
        }
        return blocks
    }

    /// The segment that holds the span's start opens it; later ones inside it continue it; the
    /// one that holds its end is the first after it.
    private static func position(of segment: SegmentRecord, in span: Span) -> LegacySegmentPosition? {
        if let end = span.endMillis, segment.contains(millis: end) || segment.programDateTimeMillis == end {
            return end > span.startMillis ? .firstAfterSpan : nil
        }
        if segment.contains(millis: span.startMillis) { return .firstInSpan }
        let pdt = segment.programDateTimeMillis
        guard pdt > span.startMillis, span.endMillis.map({ pdt < $0 }) ?? true else { return nil }
        return .continuing(elapsed: HLSDecimal(milliseconds: pdt - span.startMillis))
    }
}
