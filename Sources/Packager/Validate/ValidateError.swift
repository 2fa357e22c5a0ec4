/// Why validation could not run at all (as opposed to findings about the content).
public enum ValidateError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case noPlaylists(directory: String)
    case badMapping(String)
    case tooFewVersions(count: Int)
    case tooLarge(path: String, bytes: Int64, limit: Int64)

    /// The message, with control characters from the input made visible.
    public var description: String { PrintableText.escaped(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .noPlaylists(let directory):
            return "no master.m3u8 and no *.m3u8 files in directory \(directory)"
        case .badMapping(let text):
            return "--map expects URL_PREFIX=DIR (e.g. https://ads.example.com/=./ads), got '\(text)'"
        case .tooFewVersions(let count):
            return "--live needs at least two playlist versions, got \(count)"
        case .tooLarge(let path, let bytes, let limit):
            return "\(path) is \(bytes) bytes, above the \(limit)-byte limit for a playlist (raise it with --max-playlist-bytes)"
        }
    }
}
