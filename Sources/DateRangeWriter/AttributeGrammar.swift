/// The value checks of the attribute-list grammar (HLS §4.2) that the typed model relies on.
enum AttributeGrammar {
    /// quoted-string: non-empty here (no DATERANGE string may be empty), no CR, LF or `"`.
    static func quoted(_ value: String, attribute: String) throws -> String {
        let isIllegal: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 || $0 == 0x7F }
        let clean = !value.isEmpty
            && (value.utf8.withContiguousStorageIfAvailable { !$0.contains(where: isIllegal) } ?? !value.utf8.contains(where: isIllegal))
        guard !clean else { return quote(value) }
        let utf8 = value.utf8
        let reason: String
        if value.isEmpty {
            reason = "empty"
        } else if utf8.contains(UInt8(ascii: "\"")) {
            reason = "contains a double quote"
        } else if utf8.contains(0x0A) || utf8.contains(0x0D) {
            reason = "contains a line break"
        } else {
            reason = "contains a control character"
        }
        throw DateRangeError.invalidQuotedString(attribute: attribute, value: value, reason: reason)
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

    /// `"value"` with one allocation.
    static func quote(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        out.append(value)
        out.append("\"")
        return out
    }
}
