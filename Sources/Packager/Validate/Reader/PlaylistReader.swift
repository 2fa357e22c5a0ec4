/// Reads playlist bytes into a `Playlist`, never failing: anything odd is kept for the
/// rules to report. One pass over the lines, so cost grows linearly with the file.
public enum PlaylistReader {
    public static func read(_ bytes: [UInt8], file: String, limits: ReadLimits = ReadLimits()) -> Playlist {
        var builder = Builder()
        var lineNumber = 0
        var start = 0
        var textIssues: [LineIssue] = []
        var overlong: [Int] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            textIssues.append(LineIssue(line: 1, kind: .header, message: "file starts with a UTF-8 byte order mark"))
            start = 3
        }
        var index = start
        while start < bytes.count {
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            var end = index
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            lineNumber += 1
            let slice = bytes[start..<end]
            index += 1
            start = index
            if slice.count > limits.maxLineBytes {
                overlong.append(lineNumber)
                textIssues.append(LineIssue(line: lineNumber, kind: .overlong,
                    message: "line is \(slice.count) bytes, above the \(limits.maxLineBytes)-byte limit (--max-line-bytes); it was not read"))
                continue
            }
            if slice.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
                textIssues.append(LineIssue(line: lineNumber, kind: .header, message: "line contains control characters"))
            }
            let text = String(decoding: slice, as: UTF8.self)
            if lineNumber == 1, text != "#EXTM3U" {
                textIssues.append(LineIssue(line: 1, kind: .header, message: text.hasPrefix("#EXTM3U")
                    ? "first line is \"\(text)\", not exactly #EXTM3U"
                    : "first line is not #EXTM3U"))
            }
            // A line of only spaces or tabs is neither blank nor a URI (HLS §4.1 allows no
            // whitespace); it is reported and skipped, never taken for a segment.
            if !slice.isEmpty, slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                textIssues.append(LineIssue(line: lineNumber, kind: .whitespace,
                    message: "line holds only whitespace (\(slice.count) character(s)); a line is a URI, a tag, a comment or blank"))
                continue
            }
            if let first = slice.first, let last = slice.last, !text.hasPrefix("#"),
               first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 {
                textIssues.append(LineIssue(line: lineNumber, kind: .whitespace,
                    message: "URI line has leading or trailing whitespace"))
            }
            builder.consume(text, line: lineNumber)
        }
        if lineNumber == 0 {
            textIssues.append(LineIssue(line: 0, kind: .header, message: "file is empty (no #EXTM3U)"))
        }
        return builder.finish(file: file, lineCount: lineNumber, textIssues: textIssues, overlongLines: overlong)
    }
}

/// Accumulates the per-segment tags until the segment's URI line arrives.
private struct Builder {
    var tags: [PlaylistTag] = []
    var tagPositions: [String: [Int]] = [:]
    var segments: [PlaylistSegment] = []
    var dateRangeTags: [DateRangeTag] = []
    var programDateTimes: [DateTimeTag] = []
    var references: [PlaylistReference] = []
    var badExtinfLines: [Int] = []

    var pendingExtinf: (line: Int, nanos: Int64?)?
    var pendingPDT: DateTimeTag?
    var pendingDiscontinuity = false
    var pendingGap = false
    var pendingByteRange: String?
    var currentMap: String?
    var pendingStreamInf: Int?

    mutating func consume(_ text: String, line: Int) {
        if text.isEmpty { return }
        guard text.hasPrefix("#") else {
            uri(text, line: line)
            return
        }
        guard text.hasPrefix("#EXT") else { return } // a comment
        // Byte search: the UTF-8 view's indices are the string's, without grapheme walking.
        let colon = text.utf8.firstIndex(of: UInt8(ascii: ":"))
        let name = colon.map { String(text[..<$0]) } ?? text
        let value = colon.map { text[text.utf8.index(after: $0)...] }
        // A list tag without ':' still gets an (empty) list, so rules see e.g. a DATERANGE without ID.
        let attributes = PlaylistTag.attributeListTags.contains(name) ? AttributeListParser.parse(value ?? "") : nil
        let tag = PlaylistTag(name: name, line: line, value: value, attributes: attributes)
        tagPositions[name, default: []].append(tags.count)
        tags.append(tag)

        switch name {
        case "#EXTINF":
            let duration = value.map { value in value.utf8.firstIndex(of: UInt8(ascii: ",")).map { value[..<$0] } ?? value }
            let nanos = duration.flatMap { DecimalSeconds.nanoseconds($0) }.flatMap { $0 >= 0 ? $0 : nil }
            if nanos == nil { badExtinfLines.append(line) }
            pendingExtinf = (line, nanos)
        case "#EXT-X-PROGRAM-DATE-TIME":
            let raw = value.map(String.init) ?? ""
            let pdt = DateTimeTag(line: line, raw: raw, timestamp: Timestamp.parse(raw))
            programDateTimes.append(pdt)
            pendingPDT = pdt
        case "#EXT-X-DISCONTINUITY": pendingDiscontinuity = true
        case "#EXT-X-GAP": pendingGap = true
        case "#EXT-X-BYTERANGE": pendingByteRange = value.map(String.init)
        case "#EXT-X-MAP": currentMap = attributes?["URI"]?.value
        case "#EXT-X-DATERANGE":
            if let attributes { dateRangeTags.append(DateRangeTag(line: line, attributes: attributes)) }
        case "#EXT-X-STREAM-INF": pendingStreamInf = line
        case "#EXT-X-I-FRAME-STREAM-INF":
            if let uri = attributes?["URI"]?.value {
                references.append(PlaylistReference(uri: uri, line: line, kind: .iFrameVariant))
            }
        case "#EXT-X-MEDIA":
            if let uri = attributes?["URI"]?.value {
                let type = attributes?["TYPE"]?.value ?? ""
                references.append(PlaylistReference(uri: uri, line: line, kind: .rendition(type: type)))
            }
        default: break
        }
    }

    mutating func uri(_ text: String, line: Int) {
        if pendingStreamInf != nil {
            references.append(PlaylistReference(uri: text, line: line, kind: .variant))
            pendingStreamInf = nil
            return
        }
        segments.append(PlaylistSegment(
            uri: text, uriLine: line, extinfLine: pendingExtinf?.line,
            durationNanos: pendingExtinf?.nanos,
            programDateTime: pendingPDT?.timestamp, programDateTimeLine: pendingPDT?.line,
            discontinuity: pendingDiscontinuity, gap: pendingGap,
            byteRange: pendingByteRange, mapURI: currentMap))
        pendingExtinf = nil
        pendingPDT = nil
        pendingDiscontinuity = false
        pendingGap = false
        pendingByteRange = nil
    }

    func finish(file: String, lineCount: Int, textIssues: [LineIssue], overlongLines: [Int]) -> Playlist {
        Playlist(file: file, lineCount: lineCount, textIssues: textIssues, overlongLines: overlongLines,
                 tags: tags, segments: segments,
                 dateRangeTags: dateRangeTags, programDateTimes: programDateTimes, references: references,
                 badExtinfLines: badExtinfLines, dateRanges: DateRangeIndex(dateRangeTags), tagPositions: tagPositions)
    }
}
