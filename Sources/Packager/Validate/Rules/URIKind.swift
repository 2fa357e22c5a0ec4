/// Whether a URI reference is absolute (has a scheme, RFC 3986 §4.3).
enum URIKind {
    static func isAbsolute(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":"), colon != uri.startIndex else { return false }
        let scheme = uri[..<colon].utf8
        guard let first = scheme.first, (first >= 65 && first <= 90) || (first >= 97 && first <= 122) else { return false }
        return scheme.allSatisfy { b in
            (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 43 || b == 45 || b == 46
        }
    }
}
