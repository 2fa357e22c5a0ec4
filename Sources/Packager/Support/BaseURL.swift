import Foundation

/// A base URL that relative names are joined to (asset base, HTTP origin): absolute, with a
/// trailing `/` so `URL(string:relativeTo:)` keeps its last path component.
public enum BaseURL {
    /// Whether `text` names an HTTP resource (an origin, a remote input) rather than a path.
    public static func isHTTP(_ text: String) -> Bool { text.hasPrefix("http://") || text.hasPrefix("https://") }

    public static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), url.scheme != nil, url.host != nil else {
            return nil
        }
        return url
    }
}
