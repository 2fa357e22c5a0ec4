import CueDetect
import Primitives
import Foundation
@testable import Packager

/// Reads the playlists ffmpeg wrote for each part and writes the stitched playlist from them.
enum StitchedLines {
    struct Segment {
        var extinf: String
        var uri: String
        var byteRange: String?
        var map: String?
        var key: String?
    }

    static func segments(of playlist: URL, prefix: String) throws -> [Segment] {
        let lines = try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n").map(String.init)
        var out: [Segment] = []
        var extinf: String?, range: String?, map: String?, key: String?
        for line in lines {
            if line.hasPrefix("#EXT-X-KEY:") { key = line }
            else if line.hasPrefix("#EXTINF:") { extinf = line }
            else if line.hasPrefix("#EXT-X-BYTERANGE:") { range = line }
            else if line.hasPrefix("#EXT-X-MAP:") {
                map = line.replacingOccurrences(of: "URI=\"", with: "URI=\"" + prefix)
            } else if !line.hasPrefix("#"), !line.isEmpty, let e = extinf {
                out.append(Segment(extinf: e, uri: prefix + line, byteRange: range, map: map, key: key))
                extinf = nil
                range = nil
            }
        }
        return out
    }

    static func duration(_ extinf: String) -> Double {
        Double(extinf.dropFirst("#EXTINF:".count).split(separator: ",").first ?? "") ?? 0
    }

    static func playlist(parts: [StitchedMedia.Part], segments: [[Segment]], options: StitchedMedia.Options, pdtBase: Int64) -> String {
        let all = segments.flatMap { $0 }
        let target = Int((all.map { duration($0.extinf) }.max() ?? 2).rounded(.up))
        var text = "#EXTM3U\n#EXT-X-VERSION:\(options.format == .fmp4 ? 7 : 4)\n#EXT-X-TARGETDURATION:\(target)\n"
        text += "#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        var elapsed = 0.0
        var breakOpen = false
        for (i, part) in parts.enumerated() {
            let inserted = part.kind != .content
            if i > 0 { text += "#EXT-X-DISCONTINUITY\n" }
            if inserted, !breakOpen, options.tags != .none {
                let length = parts[i...].prefix { $0.kind != .content }.reduce(0) { $0 + $1.seconds }
                text += cueOut(options.tags, length: length, at: pdtBase + Int64((elapsed * 1000).rounded()), id: i)
                breakOpen = true
            } else if !inserted, breakOpen {
                if options.tags == .cueOut { text += "#EXT-X-CUE-IN\n" }
                breakOpen = false
            }
            var mapWritten = false, keyWritten = false
            for segment in segments[i] {
                if let map = segment.map, !mapWritten { text += map + "\n"; mapWritten = true }
                if let key = segment.key, !keyWritten { text += key + "\n"; keyWritten = true }
                text += "#EXT-X-PROGRAM-DATE-TIME:" + ISO8601Text.format(millis: pdtBase + Int64((elapsed * 1000).rounded())) + "\n"
                text += segment.extinf + "\n"
                if let range = segment.byteRange { text += range + "\n" }
                text += segment.uri + "\n"
                elapsed += duration(segment.extinf)
            }
        }
        if breakOpen, options.tags == .cueOut { text += "#EXT-X-CUE-IN\n" }
        return text + "#EXT-X-ENDLIST\n"
    }

    private static func cueOut(_ tags: StitchedMedia.Tags, length: Double, at millis: Int64, id: Int) -> String {
        switch tags {
        case .none: return ""
        case .cueOut: return "#EXT-X-CUE-OUT:DURATION=\(length)\n"
        case .dateRange:
            let section = SCTE35Encoder.spliceInsert(eventID: UInt32(100 + id), out: true, pts: nil,
                                                     breakDurationTicks: UInt64(length * 90_000), autoReturn: true)
            return "#EXT-X-DATERANGE:ID=\"break-\(id)\",START-DATE=\"\(ISO8601Text.format(millis: millis))\","
                + "PLANNED-DURATION=\(length),SCTE35-OUT=\(HexText.upper(section))\n"
        }
    }
}
