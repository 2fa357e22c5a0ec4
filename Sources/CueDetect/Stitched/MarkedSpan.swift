/// A stretch that cue tags (or in-band cues) of one dialect mark as inserted: an out paired with
/// its in, or an out and its duration. Positions are on the continuous timeline.
public struct MarkedSpan: Equatable, Sendable {
    public var dialect: CueDialect
    public var startTicks: Int64
    public var endTicks: Int64
    /// What the dialect's SCTE-35 says it is (nil: it does not say).
    public var kind: SpanKind?
    public var isContainer: Bool
    /// The marks that make it: its out first, then its in (if any).
    public var marks: [CueMark]

    public var outSection: [UInt8] { marks.first?.section ?? [] }
    public var inSection: [UInt8]? { marks.count > 1 ? marks.last?.section : nil }

    func overlaps(_ other: MarkedSpan) -> Bool { startTicks < other.endTicks && other.startTicks < endTicks }

    func contains(_ other: MarkedSpan, tolerance: Int64) -> Bool {
        startTicks <= other.startTicks + tolerance && other.endTicks <= endTicks + tolerance
    }

    /// How the span is named in reasons and messages: its out tag, and its in if it has one.
    public var description: String {
        let ends = marks.count > 1 ? ", ended by \(marks[marks.count - 1].label)" : " with its duration"
        return "\(marks.first?.label ?? dialect.rawValue)\(ends)"
    }
}

/// Pairs the marks of each dialect into spans: an out opens (a resend of the same out is
/// ignored), the in with the same id — or, where the dialect has no ids, the next in — closes
/// it; an out nothing closes ends after its duration. A dialect that opens twice, closes what
/// it never opened, or leaves a span without an end is refused with the line.
enum MarkPairing {
    /// `position` places a mark on the continuous timeline.
    static func spans(_ marks: [CueMark], tolerance: Int64, position: (CueMark) throws -> Int64) throws -> [MarkedSpan] {
        var result: [MarkedSpan] = []
        let marks = try withdrawn(marks, position: position)
        for dialect in CueDialect.allCases where dialect != .asset {
            let own = try marks.filter { $0.dialect == dialect }.map { ($0, try position($0)) }.sorted { $0.1 < $1.1 }
            var open: [(mark: CueMark, ticks: Int64)] = []
            for (mark, ticks) in own {
                switch mark.edge {
                case .out:
                    if let same = open.firstIndex(where: { $0.mark.id == mark.id }) {
                        guard abs(open[same].ticks - ticks) <= tolerance else {
                            throw StitchedAnalysisError.unpaired(line: mark.line, tag: mark.text,
                                                                 reason: "opens a span while the one opened at line \(open[same].mark.line) is still open")
                        }
                        continue                                   // the same out, sent again
                    }
                    if !mark.isContainer, let other = open.last(where: { !$0.mark.isContainer }), mark.id == nil || dialect == .cueOut {
                        throw StitchedAnalysisError.unpaired(line: mark.line, tag: mark.text,
                                                             reason: "opens a span while the one opened at line \(other.mark.line) is still open")
                    }
                    open.append((mark, ticks))
                case .in:
                    // In-band cues pair by splice_event_id only; tags fall back to the innermost open span.
                    let byID = open.lastIndex { $0.mark.id != nil && $0.mark.id == mark.id }
                    let fallback = dialect == .inBand || open.isEmpty ? nil : open.lastIndex { !$0.mark.isContainer } ?? open.count - 1
                    let match = byID ?? fallback
                    guard let match else {
                        if dialect == .inBand { continue }            // an encoder's resent in-cue
                        throw StitchedAnalysisError.unpaired(line: mark.line, tag: mark.text, reason: "ends a span that nothing opened")
                    }
                    let opened = open.remove(at: match)
                    guard ticks > opened.ticks else {
                        throw StitchedAnalysisError.unpaired(line: mark.line, tag: mark.text,
                                                             reason: "ends the span of line \(opened.mark.line) before it starts")
                    }
                    result.append(MarkedSpan(dialect: dialect, startTicks: opened.ticks, endTicks: ticks, kind: opened.mark.kind,
                                             isContainer: opened.mark.isContainer, marks: [opened.mark, mark]))
                case .cont:
                    guard !open.isEmpty || result.contains(where: { $0.dialect == dialect && $0.startTicks <= ticks && ticks < $0.endTicks })
                    else {
                        throw StitchedAnalysisError.unpaired(line: mark.line, tag: mark.text, reason: "continues a span that nothing opened")
                    }
                case .cancel, .asset:
                    break
                }
            }
            for opened in open {
                guard let duration = opened.mark.durationTicks, duration > 0 else {
                    throw StitchedAnalysisError.unpaired(line: opened.mark.line, tag: opened.mark.text,
                                                         reason: "opens a span that nothing ends and that has no duration")
                }
                result.append(MarkedSpan(dialect: dialect, startTicks: opened.ticks, endTicks: opened.ticks + duration,
                                         kind: opened.mark.kind, isContainer: opened.mark.isContainer, marks: [opened.mark]))
            }
        }
        return result.sorted { ($0.startTicks, $0.isContainer ? 0 : 1) < ($1.startTicks, $1.isContainer ? 0 : 1) }
    }

    /// Cancels, in arrival order (the order marks are given): the latest out with the same id
    /// before the cancel is withdrawn if it had not started yet, and ends at the cancel if it had.
    private static func withdrawn(_ marks: [CueMark], position: (CueMark) throws -> Int64) throws -> [CueMark] {
        var kept: [CueMark?] = marks
        for (i, mark) in marks.enumerated() where mark.edge == .cancel {
            kept[i] = nil
            guard let id = mark.id, let j = (0..<i).last(where: { kept[$0]?.edge == .out && kept[$0]?.id == id }),
                  let out = kept[j] else { continue }
            if try position(out) >= position(mark) {
                kept[j] = nil
            } else {
                var ending = mark
                ending.edge = .in
                kept[i] = ending
            }
        }
        return kept.compactMap { $0 }
    }
}
