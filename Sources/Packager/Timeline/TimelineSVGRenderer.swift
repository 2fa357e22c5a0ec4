/// `--format svg`: a self-contained SVG 1.1 transport bar of the integrated timeline.
/// Primary content is one colour; RANGE interstitials with HIGHLIGHT style are coloured
/// spans, POINT ones diamonds (zero width on the integrated timeline); PRIMARY-styled
/// interstitials are left as primary. Each marker is labelled with its ID and played
/// duration on as many rows as keep labels apart, and a time axis runs underneath.
public enum TimelineSVGRenderer {
    public static let width = 960
    public static let height = 140

    /// Colours are fixed so a rendered picture can be checked pixel by pixel.
    public enum Colour {
        public static let background = "#ffffff"
        public static let primary = "#4a90d9"
        public static let range = "#f5a623"
        public static let point = "#d0021b"
        public static let text = "#222222"
        public static let axis = "#666666"
    }

    static let margin = 20.0
    static let barHeight = 20.0
    /// Label rows sit above the bar, one per 14 px; the picture grows with them.
    static let labelRowHeight = 14.0
    /// An upper bound of the advance of one character of 12 px sans-serif, so estimated
    /// label widths never undercount and rows never overlap.
    static let characterWidth = 7.2

    public static func render(_ snapshot: TimelineSnapshot) -> String {
        let scale = Scale(total: snapshot.durationNanos, left: margin, width: Double(width) - 2 * margin)
        let durations = Dictionary(snapshot.segments.compactMap { segment in
            segment.id.map { ($0, segment.playoutEndNanos - segment.playoutStartNanos) }
        }, uniquingKeysWith: { first, _ in first })
        let markers = snapshot.markers
        let texts = markers.map { "\(PrintableText.escaped($0.id)) \(Milliseconds.seconds(durations[$0.id] ?? 0))s" }
        let labels = zip(markers, texts).map { marker, text -> LabelRows.Label in
            let textWidth = Double(text.count) * characterWidth
            let x = min(scale.x(marker.startNanos), Double(width) - margin - textWidth)
            return LabelRows.Label(start: max(0, x), width: textWidth)
        }
        let rows = LabelRows.assign(labels, gap: 6)
        let extraRows = Double(max(0, (rows.max() ?? 0)))
        let barTop = 50.0 + extraRows * labelRowHeight
        let totalHeight = Double(height) + extraRows * labelRowHeight
        let axisY = barTop + 45

        var body: [String] = [
            rect(x: 0, y: 0, width: Double(width), height: totalHeight, fill: Colour.background),
            rect(x: margin, y: barTop, width: scale.width, height: barHeight, fill: Colour.primary),
        ]
        for marker in markers where marker.kind == .range {
            let x = scale.x(marker.startNanos)
            body.append(rect(x: x, y: barTop, width: max(1, scale.x(marker.endNanos) - x), height: barHeight, fill: Colour.range))
        }
        for marker in markers where marker.kind == .point {
            body.append(diamond(x: scale.x(marker.startNanos), y: barTop + barHeight / 2))
        }
        for (index, row) in rows.enumerated() {
            body.append(text(texts[index], x: labels[index].start, y: barTop - 8 - Double(row) * labelRowHeight, anchor: "start"))
        }
        body += axis(scale, y: axisY)
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(n(totalHeight))" viewBox="0 0 \(width) \(n(totalHeight))">
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    private static func axis(_ scale: Scale, y axisY: Double) -> [String] {
        var parts = ["<line x1=\"\(n(margin))\" y1=\"\(n(axisY))\" x2=\"\(n(margin + scale.width))\" y2=\"\(n(axisY))\" stroke=\"\(Colour.axis)\" stroke-width=\"1\"/>"]
        let step = AxisTicks.step(forTotal: scale.total)
        var tick: Int64 = 0
        while tick <= scale.total {
            let x = scale.x(tick)
            parts.append("<line x1=\"\(n(x))\" y1=\"\(n(axisY))\" x2=\"\(n(x))\" y2=\"\(n(axisY + 6))\" stroke=\"\(Colour.axis)\" stroke-width=\"1\"/>")
            parts.append(text(AxisTicks.label(tick), x: x, y: axisY + 20, anchor: "middle"))
            tick += step
        }
        return parts
    }

    private static func rect(x: Double, y: Double, width: Double, height: Double, fill: String) -> String {
        "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\"/>"
    }

    private static func diamond(x: Double, y: Double) -> String {
        let r = 9.0
        let points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)].map { "\(n($0.0)),\(n($0.1))" }
        return "<polygon points=\"\(points.joined(separator: " "))\" fill=\"\(Colour.point)\"/>"
    }

    private static func text(_ content: String, x: Double, y: Double, anchor: String) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"\(Colour.text)\" text-anchor=\"\(anchor)\">\(escape(content))</text>"
    }

    /// Coordinates with two decimals at most, so output is stable across platforms.
    private static func n(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        guard fraction != 0 else { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Integrated nanoseconds to x pixels.
    private struct Scale {
        let total: Int64
        let left: Double
        let width: Double

        func x(_ nanos: Int64) -> Double {
            guard total > 0 else { return left }
            return left + width * Double(min(max(nanos, 0), total)) / Double(total)
        }
    }
}
