/// `--format text`: a transport bar of the integrated timeline for a terminal, the labels of
/// its markers on rows below it (never overlapping), then one line per interstitial.
/// In the bar `=` is primary (and PRIMARY-styled interstitials), `#` a RANGE interstitial
/// (as wide as it plays) and `|` a POINT one (zero width on the integrated timeline).
public enum TimelineTextRenderer {
    public static let defaultWidth = 60

    public static func render(_ snapshot: TimelineSnapshot, width: Int = defaultWidth) -> String {
        let width = max(1, width)
        let s = Milliseconds.seconds
        var lines = ["[" + bar(snapshot, width: width) + "] "
                     + "\(s(snapshot.durationNanos))s integrated, \(s(snapshot.playoutDurationNanos))s playout"
                     + " (primary \(s(snapshot.primaryDurationNanos))s)"]
        lines += labelRows(snapshot, width: width)
        for segment in snapshot.segments {
            guard let interstitial = segment.interstitial else { continue }
            lines.append(describe(segment, interstitial))
        }
        for id in snapshot.unscheduled {
            lines.append("\(PrintableText.escaped(id))  not scheduled: starts after the end of the VOD primary")
        }
        if let join = snapshot.join {
            var text = "live join at \(s(join.primaryNanos))s"
            if let pre = join.preRoll { text += " after pre-roll \(PrintableText.escaped(pre))" }
            if let id = join.interstitial { text += ", inside \(PrintableText.escaped(id)) at \(s(join.startOffsetNanos))s" }
            lines.append(text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func column(_ nanos: Int64, total: Int64, width: Int) -> Int {
        guard total > 0 else { return 0 }
        return min(width - 1, max(0, Int(Double(nanos) / Double(total) * Double(width))))
    }

    static func bar(_ snapshot: TimelineSnapshot, width: Int) -> String {
        var cells = [Character](repeating: "=", count: width)
        let total = snapshot.durationNanos
        // Ranges first, so a point marker inside a range stays visible.
        for marker in snapshot.markers where marker.kind == .range {
            let first = column(marker.startNanos, total: total, width: width)
            let last = max(first, column(marker.endNanos, total: total, width: width) - (marker.endNanos >= total ? 0 : 1))
            for i in first...last { cells[i] = "#" }
        }
        for marker in snapshot.markers where marker.kind == .point {
            cells[column(marker.startNanos, total: total, width: width)] = "|"
        }
        return String(cells)
    }

    /// Marker IDs under the bar, each starting below its marker (one column right of the
    /// bar's `[`), spread over as many rows as needed to keep a space between labels.
    static func labelRows(_ snapshot: TimelineSnapshot, width: Int) -> [String] {
        let markers = snapshot.markers
        let texts = markers.map { PrintableText.escaped($0.id) }
        let labels = zip(markers, texts).map { marker, text in
            LabelRows.Label(start: Double(1 + column(marker.startNanos, total: snapshot.durationNanos, width: width)),
                            width: Double(text.count))
        }
        let rows = LabelRows.assign(labels, gap: 1)
        var lines = [[Character]](repeating: [], count: (rows.max() ?? -1) + 1)
        for (index, row) in rows.enumerated() {
            let start = Int(labels[index].start)
            if lines[row].count < start { lines[row] += [Character](repeating: " ", count: start - lines[row].count) }
            lines[row] += Array(texts[index])
        }
        return lines.map { String($0) }
    }

    private static func describe(_ segment: TimelineSegment, _ interstitial: ScheduledInterstitial) -> String {
        let s = Milliseconds.seconds
        var parts = [
            PrintableText.escaped(interstitial.id),
            "\(interstitial.occupancy.rawValue)/\(interstitial.style.rawValue)",
            "at \(s(segment.startNanos))s",
            "plays \(s(segment.playoutStartNanos))-\(s(segment.playoutEndNanos))s",
            "primary \(s(segment.primaryStartNanos))->\(s(segment.primaryEndNanos))s",
            "resume \(s(interstitial.resumeOffsetNanos))s",
        ]
        if interstitial.cue != .atStartDate || interstitial.once { parts.append("CUE " + TimelineJSONWriter.cue(interstitial)) }
        if let limit = interstitial.playoutLimitNanos { parts.append("limit \(s(limit))s") }
        parts.append("assets \(interstitial.assets.count)")
        if !interstitial.restrictions.isEmpty { parts.append(interstitial.restrictions.joined(separator: ",")) }
        return parts.joined(separator: "  ")
    }
}
