/// `--format text`: a transport bar for a terminal, then one line per interstitial.
/// In the bar `=` is primary (and PRIMARY-styled interstitials), `#` a highlighted range and
/// `|` a point marker; each column stands for duration / width of integrated time.
public enum TimelineTextRenderer {
    public static let defaultWidth = 60

    public static func render(_ snapshot: TimelineSnapshot, width: Int = defaultWidth) -> String {
        var lines = ["[" + bar(snapshot, width: max(1, width)) + "] "
                     + "\(Milliseconds.seconds(snapshot.durationNanos))s (primary \(Milliseconds.seconds(snapshot.primaryDurationNanos))s)"]
        for segment in snapshot.segments {
            guard let interstitial = segment.interstitial else { continue }
            lines.append(describe(segment, interstitial))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func bar(_ snapshot: TimelineSnapshot, width: Int) -> String {
        var cells = [Character](repeating: "=", count: width)
        let total = snapshot.durationNanos
        func column(_ nanos: Int64) -> Int {
            guard total > 0 else { return 0 }
            return min(width - 1, max(0, Int(Double(nanos) / Double(total) * Double(width))))
        }
        // Ranges first, so a point marker inside a range stays visible.
        for marker in snapshot.markers where marker.kind == .range {
            let first = column(marker.startNanos)
            let last = max(first, column(marker.endNanos) - (marker.endNanos >= total ? 0 : 1))
            for i in first...last { cells[i] = "#" }
        }
        for marker in snapshot.markers where marker.kind == .point {
            cells[column(marker.startNanos)] = "|"
        }
        return String(cells)
    }

    private static func describe(_ segment: TimelineSegment, _ interstitial: ScheduledInterstitial) -> String {
        let s = Milliseconds.seconds
        var parts = [
            interstitial.id,
            "\(interstitial.occupancy.rawValue)/\(interstitial.style.rawValue)",
            "plays \(s(segment.startNanos))-\(s(segment.endNanos))s",
            "primary \(s(segment.primaryStartNanos))->\(s(segment.primaryEndNanos))s",
            "resume \(s(interstitial.resumeOffsetNanos))s",
        ]
        if let limit = interstitial.playoutLimitNanos { parts.append("limit \(s(limit))s") }
        parts.append("assets \(interstitial.assets.count)")
        if !interstitial.restrictions.isEmpty { parts.append(interstitial.restrictions.joined(separator: ",")) }
        return parts.joined(separator: "  ")
    }
}
