import Foundation

/// Turns a URI found in a playlist or asset list into a local path, when it names one:
/// relative URIs resolve against the referring file's directory, `file:` URIs directly,
/// and http(s) URIs through the `--map` prefixes. Anything else stays remote (nil).
struct URIResolver {
    let maps: [URLMapping]

    func localPath(for uri: String, relativeTo referringFile: String) -> String? {
        let path = Self.stripQueryAndFragment(uri)
        if URIKind.isAbsolute(path) {
            if path.hasPrefix("file://") { return String(path.dropFirst("file://".count)) }
            let match = maps.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }
            guard let match else { return nil }
            return Self.join(match.directory, String(path.dropFirst(match.prefix.count)))
        }
        if path.hasPrefix("/") { return path }
        return Self.join(Self.directory(of: referringFile), path)
    }

    /// The resource a URI names, seen from the playlist or asset list `referrer`: relative
    /// URIs resolve against it (RFC 3986 §5.2 for URLs); absolute http(s) URIs go through the
    /// `--map` prefixes first. A remote playlist never leads to local files.
    func resolve(_ uri: String, from referrer: ResourceLocation) -> ResourceLocation? {
        switch referrer {
        case .file(let path):
            if let local = localPath(for: uri, relativeTo: path) { return .file(local) }
            return Self.httpURL(uri).map(ResourceLocation.remote)
        case .remote(let base):
            if Self.httpURL(uri) != nil, let local = localPath(for: uri, relativeTo: "") { return .file(local) }
            guard let url = URL(string: uri, relativeTo: base)?.absoluteURL,
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
            return .remote(url)
        }
    }

    private static func httpURL(_ uri: String) -> URL? {
        let lowered = uri.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: uri), url.host != nil else {
            return nil
        }
        return url
    }

    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// Joins and normalises `.` and `..` (a `..` above an absolute root stays at the root).
    static func join(_ directory: String, _ relative: String) -> String {
        let absolute = directory.hasPrefix("/")
        var parts: [Substring] = directory == "." ? [] : directory.split(separator: "/")
        for component in relative.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(component)
                }
            default:
                parts.append(component)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    private static func stripQueryAndFragment(_ uri: String) -> String {
        guard let cut = uri.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return uri }
        return String(uri[..<cut])
    }
}
