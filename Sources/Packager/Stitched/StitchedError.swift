import CueDetect

/// Why a stitched HLS presentation cannot be converted. Every case names the playlist (and the
/// line, segment or rendition) so the message alone says where to look.
public enum StitchedError: Error, CustomStringConvertible, Equatable {
    /// A playlist, segment, map or key that cannot be fetched (missing file, HTTP 404, …).
    case unreadable(resource: String, reason: String)
    case notAPlaylist(resource: String, reason: String)
    case malformed(playlist: String, line: Int, reason: String)
    /// The cue tags (or override file) cannot be made sense of.
    case analysis(playlist: String, StitchedAnalysisError)
    /// A segment that is missing, truncated or not media, named by its playlist line and URI.
    case segment(playlist: String, line: Int, uri: String, reason: String)
    /// A rendition whose spans or segments do not line up with the first one's.
    case renditionsDisagree(playlist: String, rendition: String, line: Int, reason: String)
    case unsupported(playlist: String, line: Int, reason: String)
    /// No span could be found (and `--allow-no-spans` was not given).
    case noSpans(playlist: String, reason: String)
    /// What the output cannot carry (a primary that would change codec parameters mid-stream).
    case output(playlist: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(resource, reason): return "cannot read '\(resource)': \(reason)"
        case let .notAPlaylist(resource, reason): return "'\(resource)' is not an HLS playlist: \(reason)"
        case let .malformed(playlist, line, reason): return "\(playlist) line \(line): \(reason)"
        case let .analysis(playlist, error):
            if case .override = error { return "\(playlist): \(error)" }
            return "\(playlist) \(error)"
        case let .segment(playlist, line, uri, reason): return "\(playlist) line \(line): segment '\(uri)' \(reason)"
        case let .renditionsDisagree(playlist, rendition, line, reason):
            return "\(playlist): rendition \(rendition) disagrees with the first one at its line \(line): \(reason)"
        case let .unsupported(playlist, line, reason): return "\(playlist) line \(line): \(reason)"
        case let .noSpans(playlist, reason): return "\(playlist): no span found — \(reason)"
        case let .output(playlist, reason): return "\(playlist): \(reason)"
        }
    }
}
