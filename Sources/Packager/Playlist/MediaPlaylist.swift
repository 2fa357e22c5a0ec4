import Primitives

/// A media playlist (VOD, EVENT or live window) ready to be written.
///
/// Everything is derived from integers (ticks, epoch ms), so rendering the same value twice
/// gives the same bytes, which successive live versions rely on.
public struct MediaPlaylist: Equatable, Sendable {
    public var kind: PlaylistKind
    public var targetDuration: Int
    public var mediaSequence: Int
    public var discontinuitySequence: Int
    public var segments: [SegmentRecord]
    public var dateRanges: [DateRangeBlock]
    /// Write EXT-X-INDEPENDENT-SEGMENTS. Set it only for a playlist published without a
    /// multivariant playlist; otherwise the multivariant carries it (see `MultivariantPlaylist`).
    public var independentSegments: Bool
    public var endList: Bool
    /// Written verbatim after the standard header tags (e.g. EXT-X-SERVER-CONTROL, EXT-X-START).
    public var extraHeaderLines: [String]

    public init(kind: PlaylistKind, targetDuration: Int, mediaSequence: Int = 0, discontinuitySequence: Int = 0,
                segments: [SegmentRecord], dateRanges: [DateRangeBlock] = [], independentSegments: Bool,
                endList: Bool, extraHeaderLines: [String] = []) {
        self.kind = kind
        self.targetDuration = targetDuration
        self.mediaSequence = mediaSequence
        self.discontinuitySequence = discontinuitySequence
        self.segments = segments
        self.dateRanges = dateRanges
        self.independentSegments = independentSegments
        self.endList = endList
        self.extraHeaderLines = extraHeaderLines
    }

    /// Smallest integer >= every EXTINF rounded to the nearest integer, never below
    /// `requested` rounded; see `TargetDuration.fitting`.
    public static func targetDuration(for durationsTicks: [Int64], requested: Double) -> Int {
        TargetDuration.fitting(durationsTicks, requested: requested)
    }

    /// The lowest EXT-X-VERSION the written tags need (HLS §8): EXTINF is always written
    /// with decimals (3); EXT-X-BYTERANGE needs 4; EXT-X-MAP outside I-frame playlists needs 6
    /// (its BYTERANGE attribute needs no more). No other tag written here (PDT, DATERANGE, GAP,
    /// sequences, INDEPENDENT-SEGMENTS) needs a version.
    public var version: Int {
        if segments.contains(where: { $0.mapURI != nil }) { return 6 }
        return segments.contains { $0.byteRange != nil } ? 4 : 3
    }

    /// Written into one byte buffer: a live playlist is rewritten whole for every version, and
    /// a 2-hour window's 1,321 segments as an array of line Strings joined at the end was a
    /// quarter of such a channel's CPU.
    public func render() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(512 + segments.count * 96)
        func line(_ text: String) {
            out += text.utf8
            out.append(UInt8(ascii: "\n"))
        }
        header().forEach(line)
        let placement = DateRangePlacement(blocks: dateRanges, segments: segments)
        var currentMap: (uri: String?, range: SegmentByteRange?)
        for (index, segment) in segments.enumerated() {
            for block in placement.beforeSegment[index] { block.lines.forEach(line) }
            if segment.discontinuity { line("#EXT-X-DISCONTINUITY") }
            if let map = segment.mapURI, index == 0 || map != currentMap.uri || segment.mapByteRange != currentMap.range {
                line("#EXT-X-MAP:URI=\"\(map)\"" + (segment.mapByteRange.map { ",BYTERANGE=\"\($0.text)\"" } ?? ""))
            }
            currentMap = (segment.mapURI, segment.mapByteRange)
            out += "#EXT-X-PROGRAM-DATE-TIME:".utf8
            ISO8601Text.append(millis: segment.programDateTimeMillis, to: &out)
            out.append(UInt8(ascii: "\n"))
            if segment.gap { line("#EXT-X-GAP") }
            out += "#EXTINF:".utf8
            ExtinfText.append(ticks: segment.durationTicks, to: &out)
            out += ",\n".utf8
            if let range = segment.byteRange { line("#EXT-X-BYTERANGE:" + range.text) }
            line(segment.uri)
        }
        for block in placement.afterLastSegment { block.lines.forEach(line) }
        if endList { line("#EXT-X-ENDLIST") }
        return String(decoding: out, as: UTF8.self)
    }

    private func header() -> [String] {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:\(version)", "#EXT-X-TARGETDURATION:\(targetDuration)"]
        // A removed segment or discontinuity must be counted for clients that saw the
        // previous version, so a live window always states both numbers.
        if kind == .live || mediaSequence != 0 { lines.append("#EXT-X-MEDIA-SEQUENCE:\(mediaSequence)") }
        if kind == .live || discontinuitySequence != 0 {
            lines.append("#EXT-X-DISCONTINUITY-SEQUENCE:\(discontinuitySequence)")
        }
        switch kind {
        case .vod: lines.append("#EXT-X-PLAYLIST-TYPE:VOD")
        case .event: lines.append("#EXT-X-PLAYLIST-TYPE:EVENT")
        case .live: break
        }
        if independentSegments { lines.append("#EXT-X-INDEPENDENT-SEGMENTS") }
        return lines + extraHeaderLines
    }
}

extension MediaPlaylist {
    /// Throws on the first segment URI, map URI or header line that `render()` could not
    /// write legally (date-range lines come pre-rendered from DateRangeWriter).
    public func checkText() throws {
        for segment in segments {
            try PlaylistText.checkURILine(segment.uri)
            if let map = segment.mapURI { try PlaylistText.checkQuoted(map, tag: "EXT-X-MAP", attribute: "URI") }
        }
        for line in extraHeaderLines where !line.hasPrefix("#EXT") {
            throw PlaylistTextError.badURILine(uri: line, reason: "an extra header line must be a tag starting with #EXT")
        }
    }
}
