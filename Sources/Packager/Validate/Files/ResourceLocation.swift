import Foundation

/// A playlist, asset list or segment the validator reads: a local file or an http(s) URL.
/// Its description is what findings name as the file.
enum ResourceLocation: Hashable, CustomStringConvertible, Sendable {
    case file(String)
    case remote(URL)

    /// A command-line argument: http(s) URLs are remote, anything else a path.
    init(argument: String) {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: argument), url.host != nil {
            self = .remote(url)
        } else if lowered.hasPrefix("file://") {
            self = .file(String(argument.dropFirst("file://".count)))
        } else {
            self = .file(argument)
        }
    }

    var description: String {
        switch self {
        case .file(let path): return path
        case .remote(let url): return url.absoluteString
        }
    }

    var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }
}
