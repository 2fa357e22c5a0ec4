/// Why a timeline could not be computed: each case names the file or URL, the line when
/// there is one, and what was wrong, so the command can print it as one message.
public enum TimelineError: Error, CustomStringConvertible, Equatable {
    case unreadable(location: String, reason: String)
    case unsupportedLocation(String)
    case notAPlaylist(location: String)
    case noVariants(location: String)
    case noProgramDateTime(location: String)
    case badAttribute(location: String, line: Int, id: String, attribute: String, value: String, expected: String)
    case missingAttribute(location: String, line: Int, id: String, attribute: String)
    case conflictingAttributes(location: String, line: Int, id: String, detail: String)
    case badAssetList(location: String, reason: String)
    case repeatedReadFailures(location: String, count: Int, last: String)
    case remoteReference(location: String, line: Int, url: String)
    case offline(url: String)
    case referenceCycle(location: String, line: Int)
    case notAMediaPlaylist(location: String, referencedFrom: String)
    case emptyPlaylist(location: String)
    case tooLarge(location: String, bytes: Int64, limit: Int64)
    case lineTooLong(location: String, line: Int, limit: Int)

    /// The message, with control characters from the input made visible.
    public var description: String { PrintableText.escaped(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .unreadable(let location, let reason):
            return "cannot read \(location): \(reason)"
        case .unsupportedLocation(let text):
            return "'\(text)' is neither a file path nor an http(s) URL"
        case .notAPlaylist(let location):
            return "\(location) is not an HLS playlist: it does not start with #EXTM3U"
        case .noVariants(let location):
            return "\(location) is a multivariant playlist without any EXT-X-STREAM-INF variant"
        case .noProgramDateTime(let location):
            return "\(location) has interstitials but no EXT-X-PROGRAM-DATE-TIME, so START-DATE cannot be placed on the primary timeline"
        case .badAttribute(let location, let line, let id, let attribute, let value, let expected):
            return "\(location):\(line): interstitial '\(id)': \(attribute)=\(value) is not \(expected)"
        case .missingAttribute(let location, let line, let id, let attribute):
            return "\(location):\(line): interstitial '\(id)' has no \(attribute)"
        case .conflictingAttributes(let location, let line, let id, let detail):
            return "\(location):\(line): interstitial '\(id)': \(detail)"
        case .badAssetList(let location, let reason):
            return "asset list \(location): \(reason)"
        case .repeatedReadFailures(let location, let count, let last):
            return "gave up watching \(location) after \(count) failed reloads in a row; last error: \(last)"
        case .remoteReference(let location, let line, let url):
            return "\(location):\(line): the variant is \(url), a remote URL; a local playlist is read without network access (give that URL as the input to fetch it)"
        case .offline(let url):
            return "\(url) needs network access, which --offline forbids"
        case .referenceCycle(let location, let line):
            return "\(location):\(line): the variant is the multivariant playlist itself (a reference cycle)"
        case .notAMediaPlaylist(let location, let referencedFrom):
            return "\(location) (the variant named at \(referencedFrom)) is itself a multivariant playlist, not a media playlist"
        case .emptyPlaylist(let location):
            return "\(location) starts with #EXTM3U but has no media segments, no EXT-X-TARGETDURATION and no variants"
        case .tooLarge(let location, let bytes, let limit):
            return "\(location) is \(bytes) bytes, above the \(limit)-byte limit for a playlist (--max-playlist-bytes)"
        case .lineTooLong(let location, let line, let limit):
            return "\(location):\(line): line is longer than \(limit) bytes (--max-line-bytes)"
        }
    }
}
