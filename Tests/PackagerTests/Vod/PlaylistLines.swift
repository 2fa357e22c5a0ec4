import Foundation

/// A media playlist read line by line, independently of the product's own playlist code, so
/// end-to-end tests check the written text rather than the model that wrote it.
struct MediaPlaylistText {
    struct Segment {
        var uri: String
        var duration: Double
        var programDateTime: Date?
    }

    let lines: [String]
    let segments: [Segment]
    let mapURI: String?
    /// Attributes of every EXT-X-DATERANGE, in order.
    let dateRanges: [[String: String]]

    init(url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        lines = text.split(separator: "\n").map(String.init)
        var segments: [Segment] = []
        var ranges: [[String: String]] = []
        var map: String?
        var duration: Double?
        var pdt: Date?
        for line in lines {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," })
            } else if line.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") {
                pdt = ISOMillis.parse(String(line.dropFirst("#EXT-X-PROGRAM-DATE-TIME:".count)))
            } else if line.hasPrefix("#EXT-X-DATERANGE:") {
                ranges.append(AttributeList.parse(String(line.dropFirst("#EXT-X-DATERANGE:".count))))
            } else if line.hasPrefix("#EXT-X-MAP:") {
                map = AttributeList.parse(String(line.dropFirst("#EXT-X-MAP:".count)))["URI"]
            } else if !line.hasPrefix("#"), !line.isEmpty {
                segments.append(Segment(uri: line, duration: duration ?? .nan, programDateTime: pdt))
                duration = nil
                pdt = nil
            }
        }
        self.segments = segments
        self.dateRanges = ranges
        self.mapURI = map
    }

    var totalDuration: Double { segments.reduce(0) { $0 + $1.duration } }
    var firstProgramDateTime: Date? { segments.first?.programDateTime }
    var interstitials: [[String: String]] { dateRanges.filter { $0["CLASS"] == "com.apple.hls.interstitial" } }
}

/// `KEY=value,KEY="quoted, value"` as in HLS attribute lists; quotes are removed.
enum AttributeList {
    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var key = ""
        var value = ""
        var inKey = true
        var quoted = false
        func flush() {
            if !key.isEmpty { result[key] = value }
            key = ""
            value = ""
            inKey = true
        }
        for c in text {
            if inKey {
                if c == "=" { inKey = false } else { key.append(c) }
            } else if c == "\"" {
                quoted.toggle()
            } else if c == ",", !quoted {
                flush()
            } else {
                value.append(c)
            }
        }
        flush()
        return result
    }
}

enum ISOMillis {
    static func parse(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}
