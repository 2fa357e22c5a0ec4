/// URI checks and the `_HLS_interstitial_id` query parameter (HLS Appendix D.4).
enum AssetURI {
    /// RFC 3986 absolute URI: a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`),
    /// a colon and something after it.
    static func isAbsolute(_ uri: String) -> Bool {
        let utf8 = Array(uri.utf8)
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < utf8.count else { return false }
        guard isAlpha(utf8[0]) else { return false }
        return utf8[1..<colon].allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// Whitespace, control characters and quotes cannot appear in a URI inside a quoted-string.
    static func check(_ uri: String, id: String) throws {
        guard !uri.isEmpty else { throw DateRangeError.invalidURI(id: id, uri: uri, reason: "empty") }
        for c in uri.utf8 where c <= 0x20 || c == 0x7F || c == UInt8(ascii: "\"") {
            throw DateRangeError.invalidURI(id: id, uri: uri, reason: "contains whitespace, a control character or a quote")
        }
        let query = queryPart(uri)
        for item in query.split(separator: "&") where item.hasPrefix("_HLS_") {
            throw DateRangeError.reservedQueryParameter(id: id, uri: uri)
        }
    }

    /// Appends `_HLS_interstitial_id=<percent-encoded ID>` before any fragment, with `?` or `&`.
    static func addingInterstitialID(_ uri: String, id: String) -> String {
        let fragmentStart = uri.firstIndex(of: "#") ?? uri.endIndex
        let base = uri[..<fragmentStart]
        let fragment = uri[fragmentStart...]
        let separator: String
        if let questionMark = base.firstIndex(of: "?") {
            separator = (base.last == "&" || base.index(after: questionMark) == base.endIndex) ? "" : "&"
        } else {
            separator = "?"
        }
        return base + separator + "_HLS_interstitial_id=" + percentEncoded(id) + fragment
    }

    /// Everything but RFC 3986 unreserved characters is percent-encoded (UTF-8, uppercase hex).
    static func percentEncoded(_ s: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for c in s.utf8 {
            if isAlpha(c) || isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~") {
                out.append(c)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func queryPart(_ uri: String) -> Substring {
        let withoutFragment = uri[..<(uri.firstIndex(of: "#") ?? uri.endIndex)]
        guard let q = withoutFragment.firstIndex(of: "?") else { return "" }
        return withoutFragment[withoutFragment.index(after: q)...]
    }

    private static func isAlpha(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private static func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
}
