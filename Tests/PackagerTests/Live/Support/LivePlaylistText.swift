import Foundation

/// One captured live media playlist, read the way a test needs it: sequences, segments
/// (URI, EXTINF, PDT, DISCONTINUITY, GAP) and EXT-X-DATERANGE tags with raw attribute values.
struct LivePlaylistText {
    struct Segment: Equatable {
        var uri: String
        var duration: Double
        var pdtMillis: Int64?
        var discontinuity: Bool
        var gap: Bool
        var mediaSequence: Int
        var endMillis: Int64? { pdtMillis.map { $0 + Int64((duration * 1000).rounded()) } }
    }

    struct DateRange: Equatable {
        /// Attribute values exactly as written (quoted strings without their quotes).
        var attributes: [String: String]
        var id: String { attributes["ID"] ?? "" }
        var startMillis: Int64? { attributes["START-DATE"].flatMap(LivePlaylistText.millis(iso8601:)) }
        var duration: Double? { attributes["DURATION"].flatMap(Double.init) }
        var resumeOffset: Double? { attributes["X-RESUME-OFFSET"].flatMap(Double.init) }
        var playoutLimit: Double? { attributes["X-PLAYOUT-LIMIT"].flatMap(Double.init) }
    }

    let text: String
    var mediaSequence = 0
    var discontinuitySequence = 0
    var targetDuration: Int?
    var segments: [Segment] = []
    var dateRanges: [DateRange] = []
    var endList = false

    init(_ text: String) {
        self.text = text
        var pendingPDT: Int64?
        var pendingDuration: Double?
        var pendingDiscontinuity = false
        var pendingGap = false
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = String(raw).trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") {
                mediaSequence = Int(line.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count)) ?? -1
            } else if line.hasPrefix("#EXT-X-DISCONTINUITY-SEQUENCE:") {
                discontinuitySequence = Int(line.dropFirst("#EXT-X-DISCONTINUITY-SEQUENCE:".count)) ?? -1
            } else if line.hasPrefix("#EXT-X-TARGETDURATION:") {
                targetDuration = Int(line.dropFirst("#EXT-X-TARGETDURATION:".count))
            } else if line.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") {
                pendingPDT = Self.millis(iso8601: String(line.dropFirst("#EXT-X-PROGRAM-DATE-TIME:".count)))
            } else if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).split(separator: ",", omittingEmptySubsequences: false).first
                pendingDuration = value.flatMap { Double($0) }
            } else if line == "#EXT-X-DISCONTINUITY" {
                pendingDiscontinuity = true
            } else if line == "#EXT-X-GAP" {
                pendingGap = true
            } else if line == "#EXT-X-ENDLIST" {
                endList = true
            } else if line.hasPrefix("#EXT-X-DATERANGE:") {
                dateRanges.append(DateRange(attributes: Self.attributes(String(line.dropFirst("#EXT-X-DATERANGE:".count)))))
            } else if !line.isEmpty, !line.hasPrefix("#") {
                segments.append(Segment(uri: line, duration: pendingDuration ?? -1, pdtMillis: pendingPDT,
                                        discontinuity: pendingDiscontinuity, gap: pendingGap,
                                        mediaSequence: mediaSequence + segments.count))
                pendingPDT = nil
                pendingDuration = nil
                pendingDiscontinuity = false
                pendingGap = false
            }
        }
        // A segment without its own PDT follows on from the previous one.
        for i in segments.indices where segments[i].pdtMillis == nil && i > 0 {
            segments[i].pdtMillis = segments[i - 1].endMillis
        }
    }

    /// All tags of one ID merged in order (later tags only add attributes).
    func range(_ id: String) -> DateRange? {
        let tags = dateRanges.filter { $0.id == id }
        guard !tags.isEmpty else { return nil }
        var merged: [String: String] = [:]
        for tag in tags { merged.merge(tag.attributes) { first, _ in first } }
        return DateRange(attributes: merged)
    }

    var rangeIDs: [String] {
        var seen: [String] = []
        for r in dateRanges where !seen.contains(r.id) { seen.append(r.id) }
        return seen
    }

    /// The segment whose [PDT, PDT + EXTINF) contains `millis`.
    func segment(containing millis: Int64) -> Segment? {
        segments.first { s in
            guard let start = s.pdtMillis, let end = s.endMillis else { return false }
            return start <= millis && millis < end
        }
    }

    /// Parses an attribute list, keeping quoted values without their quotes.
    static func attributes(_ list: String) -> [String: String] {
        var result: [String: String] = [:]
        var name = ""
        var value = ""
        var inName = true
        var quoted = false
        func flush() {
            if !name.isEmpty { result[name] = value }
            name = ""; value = ""; inName = true
        }
        for ch in list {
            if inName {
                if ch == "=" { inName = false } else if ch != "," { name.append(ch) }
            } else if ch == "\"" {
                quoted.toggle()
            } else if ch == "," && !quoted {
                flush()
            } else {
                value.append(ch)
            }
        }
        flush()
        return result
    }

    /// `YYYY-MM-DDThh:mm:ss(.SSS)Z` (what pkgctl writes) as milliseconds since the epoch.
    static func millis(iso8601 text: String) -> Int64? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, parts[1].hasSuffix("Z") else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].dropLast().split(separator: ":")
        guard date.count == 3, time.count == 3, let h = Int(time[0]), let m = Int(time[1]),
              let s = Double(time[2]) else { return nil }
        var components = DateComponents()
        components.year = date[0]; components.month = date[1]; components.day = date[2]
        components.hour = h; components.minute = m; components.second = 0
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        guard let day = calendar.date(from: components) else { return nil }
        return Int64((day.timeIntervalSince1970 * 1000).rounded()) + Int64((s * 1000).rounded())
    }
}
