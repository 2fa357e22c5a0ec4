import Foundation

/// Where a playlist (or an asset it names) lives: a local file or an http(s) URL.
public enum TimelineLocation: Equatable, Sendable, CustomStringConvertible {
    case file(String)
    case remote(URL)

    /// Reads a command-line argument: http(s) URLs are remote, `file://` URLs and anything
    /// without a scheme are paths; other schemes cannot be fetched and are rejected.
    public init(argument: String) throws {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw TimelineError.unsupportedLocation(argument)
            }
            self = .remote(url)
        } else if lowered.hasPrefix("file://") {
            self = .file(String(argument.dropFirst("file://".count)))
        } else if URIKind.isAbsolute(argument), !argument.hasPrefix("/") {
            throw TimelineError.unsupportedLocation(argument)
        } else {
            self = .file(argument)
        }
    }

    public var description: String {
        switch self {
        case .file(let path): return path
        case .remote(let url): return url.absoluteString
        }
    }

    /// A playlist URI (variant, asset) resolved against this playlist, the way a player
    /// would: relative to the file's directory or to the URL. nil when it cannot resolve.
    func resolving(_ uri: String) -> TimelineLocation? {
        switch self {
        case .file(let path):
            if uri.lowercased().hasPrefix("http://") || uri.lowercased().hasPrefix("https://") {
                return URL(string: uri).map(TimelineLocation.remote)
            }
            return localPath(of: uri, relativeTo: path).map(TimelineLocation.file)
        case .remote(let base):
            guard let url = URL(string: uri, relativeTo: base)?.absoluteURL else { return nil }
            return url.isFileURL ? nil : .remote(url)
        }
    }

    /// The local file a URI names, only when this playlist is itself local: asset lists and
    /// asset playlists are read from disk, never fetched, because requesting an asset list
    /// from an ad server is an ad decision (it may count impressions).
    func localResolving(_ uri: String) -> String? {
        guard case .file(let path) = self else { return nil }
        return localPath(of: uri, relativeTo: path)
    }

    private func localPath(of uri: String, relativeTo path: String) -> String? {
        URIResolver(maps: []).localPath(for: uri, relativeTo: path)
    }
}
