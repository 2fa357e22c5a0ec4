/// Hand-written JSON scalars, so a log line's bytes depend only on its values (JSONEncoder
/// offers no key order for heterogeneous fields and its escaping differs across platforms).
enum JSONText {
    /// A quoted JSON string: `"` and `\` escaped, control characters as short escapes or
    /// `\u00XX`, everything else (including non-ASCII) passed through as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + hexByte(UInt8(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// JSON has no infinities or NaN; they become `null` rather than invalid JSON.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value.description
    }

    static func value(_ value: LogValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .int(let number): return String(number)
        case .double(let number): return self.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
