/// A JSON document with members kept in the order they were built, so that serialising the
/// same value always yields the same text (no dictionary ordering, no Foundation).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the first member named `key`, for objects.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Compact JSON text (no insignificant whitespace), or two-space indented when `pretty`.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &out, pretty: pretty, indent: indent) { index, out in
                items[index].write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &out, pretty: pretty, indent: indent) { index, out in
                JSONValue.writeString(members[index].key, to: &out)
                out += pretty ? ": " : ":"
                members[index].value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, to out: inout String, pretty: Bool,
                                indent: Int, element: (Int, inout String) -> Void) {
        out += open
        guard count > 0 else { out += close; return }
        for index in 0 ..< count {
            if index > 0 { out += "," }
            if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
            element(index, &out)
        }
        if pretty { out += "\n" + String(repeating: "  ", count: indent) }
        out += close
    }

    /// `value` as a JSON string literal (quotes, backslashes and control characters escaped).
    public static func quoted(_ value: String) -> String {
        var out = ""
        writeString(value, to: &out)
        return out
    }

    /// Appends `value` as a JSON string literal; the one escaper every JSON writer in pkgctl uses,
    /// except the live state file's, which must spell strings as Foundation's JSONEncoder does
    /// (`SortedJSONEncoder`: escaped slashes, `\b` and `\f`).
    public static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
