import CueDetect
import Foundation

/// Reads the text of a multivariant or media playlist into the model the stitched source
/// needs: segments with their URI line, EXTINF, byte range, discontinuity, map, key, date and
/// the cue tags before them. What cannot be read is refused with the playlist's name and line.
enum HLSPlaylistParser {
    /// Whether `bytes` are an HLS playlist (its first line is `#EXTM3U`), whatever the name says.
    static func isPlaylist(_ bytes: Data) -> Bool {
        var text = bytes.prefix(64)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let head = String(decoding: text, as: UTF8.self).drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return head.hasPrefix("#EXTM3U")
    }

    static func parse(_ data: Data, url: URL, name: String) throws -> HLSPlaylist {
        guard isPlaylist(data) else { throw StitchedError.notAPlaylist(resource: name, reason: "its first line is not #EXTM3U") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StitchedError.notAPlaylist(resource: name, reason: "it is not UTF-8 text")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if lines.contains(where: { $0.hasPrefix("#EXT-X-STREAM-INF") }) {
            return .multivariant(try HLSMultivariantParser.parse(lines, url: url, name: name))
        }
        return .media(try parseMedia(lines, url: url, name: name))
    }

    private struct Pending {
        var extinf: Double?
        var byteRange: HLSByteRange?
        var discontinuity = false
        var programDateTime: Int64?
        var cueTags: [HLSCueTag] = []
    }

    static func parseMedia(_ lines: [String], url: URL, name: String) throws -> HLSMediaPlaylist {
        var playlist = HLSMediaPlaylist(url: url, name: name, version: nil, targetDuration: nil, mediaSequence: 0,
                                        discontinuitySequence: 0, endList: false, playlistType: nil, segments: [],
                                        trailingCueTags: [])
        var pending = Pending()
        var map: HLSMap?
        var key: HLSKey?
        var lastRange: (url: URL, end: Int64)?
        func fail(_ n: Int, _ reason: String) -> StitchedError { .malformed(playlist: name, line: n, reason: reason) }
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let n = i + 1
            guard line.hasPrefix("#") else {
                guard let extinf = pending.extinf else { throw fail(n, "segment URI '\(line)' has no #EXTINF before it") }
                guard let segmentURL = resolve(line, against: url) else { throw fail(n, "'\(line)' is not a URI") }
                var range = pending.byteRange
                if var r = range, r.offset < 0 {
                    guard let last = lastRange, last.url == segmentURL else {
                        throw fail(n, "EXT-X-BYTERANGE without an offset must follow a sub-range of the same resource")
                    }
                    r.offset = last.end
                    range = r
                }
                if let range { lastRange = (segmentURL, range.offset + range.length) }
                let previousDate = playlist.segments.last.flatMap { s in s.programDateTimeMillis.map { $0 + Int64((s.extinf * 1000).rounded()) } }
                playlist.segments.append(HLSSegment(
                    index: playlist.segments.count, uri: line, url: segmentURL, line: n, extinf: extinf, byteRange: range,
                    discontinuity: pending.discontinuity, map: map, key: key,
                    programDateTimeMillis: pending.programDateTime ?? previousDate,
                    mediaSequence: playlist.mediaSequence + playlist.segments.count, cueTags: pending.cueTags))
                pending = Pending()
                continue
            }
            let (tag, value) = split(line)
            switch tag {
            case "EXTM3U": break
            case "EXT-X-VERSION": playlist.version = try integer(value, n, tag, fail)
            case "EXT-X-TARGETDURATION": playlist.targetDuration = try integer(value, n, tag, fail)
            case "EXT-X-MEDIA-SEQUENCE": playlist.mediaSequence = try integer(value, n, tag, fail)
            case "EXT-X-DISCONTINUITY-SEQUENCE": playlist.discontinuitySequence = try integer(value, n, tag, fail)
            case "EXT-X-ENDLIST": playlist.endList = true
            case "EXT-X-PLAYLIST-TYPE": playlist.playlistType = value
            case "EXT-X-DISCONTINUITY": pending.discontinuity = true
            case "EXTINF":
                let number = value.split(separator: ",", maxSplits: 1).first.map(String.init) ?? ""
                guard let d = Double(number.trimmingCharacters(in: .whitespaces)), d.isFinite, d >= 0 else {
                    throw fail(n, "#EXTINF duration '\(number)' is not a number of seconds")
                }
                // No segment lasts a day; past about 9e15 s the dates and 90 kHz ticks computed
                // from it no longer fit in 64 bits (a mutated playlist's 1e20 trapped the process).
                guard d <= 86_400 else { throw fail(n, "#EXTINF duration '\(number)' is longer than a day") }
                pending.extinf = d
            case "EXT-X-BYTERANGE": pending.byteRange = try byteRange(value, n, fail)
            case "EXT-X-PROGRAM-DATE-TIME":
                guard let date = ISODate.parse(value) else { throw fail(n, "EXT-X-PROGRAM-DATE-TIME '\(value)' is not an ISO 8601 date") }
                pending.programDateTime = Int64((date.timeIntervalSince1970 * 1000).rounded())
            case "EXT-X-MAP":
                let attributes = try attributeList(value, n, tag, fail)
                guard let uri = attributes["URI"], let mapURL = resolve(uri, against: url) else { throw fail(n, "EXT-X-MAP needs a URI") }
                map = HLSMap(url: mapURL, byteRange: try attributes["BYTERANGE"].map { try byteRange($0, n, fail) }, line: n)
                if let r = map?.byteRange, r.offset < 0 { throw fail(n, "the BYTERANGE of EXT-X-MAP needs an offset") }
            case "EXT-X-KEY":
                key = try HLSKeyParser.key(try attributeList(value, n, tag, fail), base: url, line: n, fail: fail)
            case "EXT-X-GAP":
                throw StitchedError.unsupported(playlist: name, line: n, reason: "EXT-X-GAP: a gap segment has no media to convert")
            case "EXT-X-PART", "EXT-X-PRELOAD-HINT":
                break                                      // low-latency parts: the full segments follow
            default:
                if CueTagReader.tagNames.contains(tag) { pending.cueTags.append(HLSCueTag(name: tag, value: value, line: n)) }
            }
        }
        playlist.trailingCueTags = pending.cueTags
        return playlist
    }

    /// `#TAG:value` → ("TAG", "value").
    static func split(_ line: String) -> (String, String) {
        let body = line.dropFirst()
        guard let colon = body.firstIndex(of: ":") else { return (String(body), "") }
        return (String(body[..<colon]), String(body[body.index(after: colon)...]))
    }

    static func resolve(_ uri: String, against base: URL) -> URL? {
        if let absolute = URL(string: uri), absolute.scheme != nil { return absolute }
        let escaped = uri.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(CharacterSet(charactersIn: "?=&%"))) ?? uri
        return URL(string: escaped, relativeTo: base)?.absoluteURL
    }

    static func attributeList(_ value: String, _ n: Int, _ tag: String, _ fail: (Int, String) -> StitchedError) throws -> [String: String] {
        do {
            return try AttributeText.parse(Substring(value))
        } catch let problem as AttributeText.Problem {
            throw fail(n, "#\(tag): \(problem.reason)")
        }
    }

    private static func integer(_ value: String, _ n: Int, _ tag: String, _ fail: (Int, String) -> StitchedError) throws -> Int {
        guard let v = Int(value.trimmingCharacters(in: .whitespaces)), v >= 0 else { throw fail(n, "#\(tag) '\(value)' is not a whole number") }
        return v
    }

    /// `n[@o]`; a missing offset is -1 (the next byte after the previous sub-range).
    private static func byteRange(_ value: String, _ n: Int, _ fail: (Int, String) -> StitchedError) throws -> HLSByteRange {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let length = Int64(parts[0]), length > 0 else {
            throw fail(n, "byte range '\(value)' is not LENGTH[@OFFSET]")
        }
        guard parts.count == 2 else { return HLSByteRange(length: length, offset: -1) }
        guard let offset = Int64(parts[1]), offset >= 0 else { throw fail(n, "byte range '\(value)' has a bad offset") }
        return HLSByteRange(length: length, offset: offset)
    }
}
