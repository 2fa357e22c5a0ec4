/// What the tolerant reader found in one playlist file. Everything is kept with its line
/// number so rules can point at the exact place.
public struct Playlist: Sendable {
    /// The path findings are reported against.
    public let file: String
    public let lineCount: Int
    /// Problems with the file as text: missing `#EXTM3U`, BOM, control characters.
    public let textIssues: [LineIssue]
    /// Lines longer than the reader's limit, which were not parsed.
    public let overlongLines: [Int]
    public let tags: [PlaylistTag]
    public let segments: [PlaylistSegment]
    public let dateRangeTags: [DateRangeTag]
    public let programDateTimes: [DateTimeTag]
    public let references: [PlaylistReference]
    /// EXTINF lines whose duration could not be read.
    public let badExtinfLines: [Int]
    public let dateRanges: DateRangeIndex
    /// Where each tag name occurs in `tags`, so lookups by name cost nothing per rule.
    let tagPositions: [String: [Int]]

    public var isMultivariant: Bool { !references.isEmpty }
    public var isMediaPlaylist: Bool { !segments.isEmpty || firstTag("#EXT-X-TARGETDURATION") != nil }
    public var hasEndList: Bool { firstTag("#EXT-X-ENDLIST") != nil }
    public var playlistType: String? { firstTag("#EXT-X-PLAYLIST-TYPE")?.value.map(String.init) }

    public var targetDurationSeconds: Int64? {
        firstTag("#EXT-X-TARGETDURATION")?.value.flatMap { Int64($0) }
    }

    /// EXT-X-MEDIA-SEQUENCE, 0 when absent (HLS §4.4.3.2); nil when present but unreadable.
    public var mediaSequence: UInt64? {
        guard let tag = firstTag("#EXT-X-MEDIA-SEQUENCE") else { return 0 }
        return tag.value.flatMap { UInt64($0) }
    }

    /// EXT-X-DISCONTINUITY-SEQUENCE, 0 when absent; nil when present but unreadable.
    public var discontinuitySequence: UInt64? {
        guard let tag = firstTag("#EXT-X-DISCONTINUITY-SEQUENCE") else { return 0 }
        return tag.value.flatMap { UInt64($0) }
    }

    public var totalDurationNanos: Int64 {
        segments.reduce(0) { $0.saturatingAdding($1.durationNanos ?? 0) }
    }

    public func firstTag(_ name: String) -> PlaylistTag? {
        tagPositions[name]?.first.map { tags[$0] }
    }

    public func allTags(_ name: String) -> [PlaylistTag] {
        tagPositions[name]?.map { tags[$0] } ?? []
    }

    /// The wall-clock start of every segment: its own PDT, else extrapolated forward from
    /// the previous segment, else backward from the next segment that has one (HLS §4.4.4.6).
    public func segmentDates() -> [Timestamp?] {
        var dates = [Timestamp?](repeating: nil, count: segments.count)
        var previous: (date: Timestamp, duration: Int64)?
        for (i, segment) in segments.enumerated() {
            if let pdt = segment.programDateTime {
                dates[i] = pdt
            } else if let prev = previous {
                dates[i] = prev.date.adding(nanoseconds: prev.duration)
            }
            if let date = dates[i] { previous = (date, segment.durationNanos ?? 0) }
        }
        var next: Timestamp?
        for i in stride(from: segments.count - 1, through: 0, by: -1) {
            if let date = dates[i] {
                next = date
            } else if let following = next {
                let date = following.adding(nanoseconds: -(segments[i].durationNanos ?? 0))
                dates[i] = date
                next = date
            }
        }
        return dates
    }
}

/// A problem that belongs to a line rather than to a tag.
public struct LineIssue: Sendable {
    public enum Kind: Sendable {
        /// #EXTM3U, BOM, control characters (HLS §4.1, §4.4.1.1).
        case header
        /// Whitespace where none is allowed (HLS §4.1).
        case whitespace
        /// Longer than the read limit.
        case overlong
    }

    public let line: Int
    public let kind: Kind
    public let message: String
}

/// One EXT-X-PROGRAM-DATE-TIME line.
public struct DateTimeTag: Sendable {
    public let line: Int
    public let raw: String
    public let timestamp: Timestamp?
}
