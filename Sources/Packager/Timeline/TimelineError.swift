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

    public var description: String {
        switch self {
        case .unreadable(let location, let reason):
            return "cannot read \(location): \(reason)"
        case .unsupportedLocation(let text):
            return "'\(text)' is neither a file path nor an http(s) URL"
        case .notAPlaylist(let location):
            return "\(location) is not an HLS playlist (no #EXTM3U, no segments, no variants)"
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
        }
    }
}
