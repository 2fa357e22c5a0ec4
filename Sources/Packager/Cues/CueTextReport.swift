import CueDetect
import Foundation

/// The two forms `pkgctl cues` prints: text (one line per cue, then one per span) and JSON lines.
extension CueScanResult {
    /// One JSON object per cue, then per span, then the summary.
    public var jsonLines: String {
        let summary = CueScanSummary(cues: cues.count, spans: spans.count, withdrawnSpans: withdrawnSpans.count, scan: scan,
                                     reconcile: reconcile, tracker: tracker)
        var out = ""
        for cue in cues { out += cue.reportJSON(t0: t0).serialized() + "\n" }
        for span in spans { out += span.reportJSON(t0: t0).serialized() + "\n" }
        return out + summary.reportJSON.serialized() + "\n"
    }

    public func textReport(input: String) -> String {
        let r = self
        func t(_ ticks: Int64?) -> String {
            guard let ticks, let t0 = r.t0 else { return "      -" }
            return String(format: "%8.3f", Double(ticks - t0) / 90_000)
        }
        var out = "\(input): \(r.formatName), \(r.cues.count) cues, \(r.spans.count) spans"
        if let t0 = r.t0 { out += String(format: ", t=0 at PTS %lld (%.3f s)", t0, Double(t0) / 90_000) }
        out += "\n\ncues (time = where the splice takes effect, seconds from the first video frame)\n"
        for cue in r.cues {
            out += "  \(t(cue.effectiveTicks))  \(cue.commandName.padding(toLength: 15, withPad: " ", startingAt: 0))"
            out += " \(describe(cue))\n"
        }
        out += "\nspans\n"
        for span in r.spans {
            let duration = span.durationTicks.map { String(format: "%.3f s", Double($0) / 90_000) } ?? "open"
            out += "  \(span.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))"
            out += "\(t(span.startTicks)) → \(t(span.endTicks))  \(duration), \(span.signalName) id \(span.eventID)"
            out += ", ended by \(span.endedBy?.rawValue ?? "-")"
            if let parent = span.parent { out += ", inside span #\(parent)" }
            out += "\n"
        }
        if !r.withdrawnSpans.isEmpty {
            out += "  (\(r.withdrawnSpans.count) announced span(s) cancelled before the splice: "
            out += r.withdrawnSpans.map { "\($0.signalName) id \($0.eventID)" }.joined(separator: ", ") + ")\n"
        }
        return out
    }

    private func describe(_ cue: DetectedCue) -> String {
        guard let section = cue.section else { return "undecodable: \(cue.decodeError ?? "?")" }
        var parts: [String] = []
        switch section.cueSignal {
        case .spliceInsert(let s):
            parts.append("event \(s.eventID)")
            if s.cancel { parts.append("CANCEL") } else { parts.append(s.outOfNetwork ? "OUT" : "IN") }
            if let d = s.breakDurationTicks { parts.append(String(format: "break %.3f s%@", Double(d) / 90_000, s.autoReturn ? " auto-return" : "")) }
            if s.immediate { parts.append("immediate") }
        case .segmentation(let list):
            for d in list {
                var text = String(format: "seg 0x%02X %@ id %u", d.typeID, SegmentationType(d.typeID).name, d.eventID)
                if d.cancel { text += " CANCEL" }
                if let ticks = d.durationTicks { text += String(format: " %.3f s", Double(ticks) / 90_000) }
                if !d.upid.isEmpty { text += " upid \(d.upid)" }
                parts.append(text)
            }
        default: break
        }
        if !section.crcOK { parts.append("BAD CRC") }
        if let pid = cue.origin.pidValue { parts.append("pid \(pid)") }
        return parts.joined(separator: ", ")
    }
}

private extension CueOrigin {
    var pidValue: Int? {
        if case .transportStream(let pid) = self { return pid }
        return nil
    }
}
