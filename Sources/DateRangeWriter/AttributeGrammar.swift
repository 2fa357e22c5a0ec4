/// The value checks of the attribute-list grammar (HLS §4.2) that the typed model relies on.
enum AttributeGrammar {
    /// quoted-string: non-empty here (no DATERANGE string may be empty), no CR, LF or `"`.
    static func quoted(_ value: String, attribute: String) throws -> String {
        guard !value.isEmpty else {
            throw DateRangeError.invalidQuotedString(attribute: attribute, value: value, reason: "empty")
        }
        for c in value.utf8 {
            switch c {
            case UInt8(ascii: "\""):
                throw DateRangeError.invalidQuotedString(attribute: attribute, value: value, reason: "contains a double quote")
            case 0x0A, 0x0D:
                throw DateRangeError.invalidQuotedString(attribute: attribute, value: value, reason: "contains a line break")
            case 0x00..<0x20, 0x7F:
                throw DateRangeError.invalidQuotedString(attribute: attribute, value: value, reason: "contains a control character")
            default: continue
            }
        }
        return "\"" + value + "\""
    }

    /// Client attribute names: `X-` then `[A-Z0-9-]`.
    static func isClientName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count > 2, utf8[0] == UInt8(ascii: "X"), utf8[1] == UInt8(ascii: "-") else { return false }
        return utf8.dropFirst(2).allSatisfy { c in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                || c == UInt8(ascii: "-")
        }
    }

    /// Non-negative decimal-floating-point.
    static func unsigned(_ value: HLSDecimal, attribute: String, id: String) throws -> String {
        guard !value.isNegative else {
            throw DateRangeError.negativeValue(id: id, attribute: attribute, milliseconds: value.milliseconds)
        }
        return value.text
    }

    /// X-SKIP-CONTROL-LABEL-ID / SKIP-CONTROL LABEL-ID: non-empty `[a-zA-Z_-]`.
    static func isSkipLabel(_ label: String) -> Bool {
        !label.isEmpty && label.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }
}
