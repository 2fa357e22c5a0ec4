/// URI checks and the `_HLS_interstitial_id` query parameter (HLS Appendix D.4).
/// Works on UTF-8 bytes: these run for every tag, and String.Index walking is slow.
enum AssetURI {
    /// RFC 3986 absolute URI: a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`),
    /// a colon and something after it.
    static func isAbsolute(_ uri: String) -> Bool {
        var sawScheme = false
        var index = 0
        for c in uri.utf8 {
            defer { index += 1 }
            if c == UInt8(ascii: ":") { return sawScheme && index + 1 < uri.utf8.count }
            let legal = index == 0 ? isAlpha(c)
                : (isAlpha(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: "."))
            guard legal else { return false }
            sawScheme = true
        }
        return false
    }

    /// Whitespace, control characters and quotes cannot appear in a URI inside a
    /// quoted-string; `_HLS_` query parameters are reserved for the protocol.
    static func check(_ uri: String, id: String) throws {
        guard !uri.isEmpty else { throw DateRangeError.invalidURI(id: id, uri: uri, reason: "empty") }
        var inQuery = false
        var atParameterStart = false
        var matched = 0          // bytes of "_HLS_" matched at the start of a parameter
        let reserved: [UInt8] = Array("_HLS_".utf8)
        for c in uri.utf8 {
            if c <= 0x20 || c == 0x7F || c == UInt8(ascii: "\"") {
                throw DateRangeError.invalidURI(id: id, uri: uri, reason: "contains whitespace, a control character or a quote")
            }
            if c == UInt8(ascii: "#") { inQuery = false; atParameterStart = false; continue }
            if c == UInt8(ascii: "?") && !inQuery { inQuery = true; atParameterStart = true; matched = 0; continue }
            guard inQuery else { continue }
            if c == UInt8(ascii: "&") { atParameterStart = true; matched = 0; continue }
            if atParameterStart {
                if c == reserved[matched] {
                    matched += 1
                    if matched == reserved.count { throw DateRangeError.reservedQueryParameter(id: id, uri: uri) }
                } else {
                    atParameterStart = false
                }
            }
        }
    }

    /// Appends `_HLS_interstitial_id=<percent-encoded ID>` before any fragment, with `?` or `&`.
    static func addingInterstitialID(_ uri: String, id: String) -> String {
        let bytes = Array(uri.utf8)
        let fragmentStart = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 24 + id.utf8.count * 3)
        out.append(contentsOf: bytes[..<fragmentStart])
        if let questionMark = bytes[..<fragmentStart].firstIndex(of: UInt8(ascii: "?")) {
            let last = bytes[fragmentStart - 1]
            if questionMark != fragmentStart - 1 && last != UInt8(ascii: "&") { out.append(UInt8(ascii: "&")) }
        } else {
            out.append(UInt8(ascii: "?"))
        }
        out.append(contentsOf: "_HLS_interstitial_id=".utf8)
        appendPercentEncoded(id, to: &out)
        out.append(contentsOf: bytes[fragmentStart...])
        return String(decoding: out, as: UTF8.self)
    }

    /// Everything but RFC 3986 unreserved characters is percent-encoded (UTF-8, uppercase hex).
    static func percentEncoded(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        appendPercentEncoded(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendPercentEncoded(_ s: String, to out: inout [UInt8]) {
        for c in s.utf8 {
            if isAlpha(c) || isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~") {
                out.append(c)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigit(c >> 4))
                out.append(hexDigit(c & 0x0F))
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private static func isAlpha(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private static func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
}
