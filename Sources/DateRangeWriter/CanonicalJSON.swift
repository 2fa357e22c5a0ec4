import Primitives

/// A JSON value with a deterministic text form: object keys in the order given, numbers
/// either integers or canonical `HLSDecimal`s (never binary floats), strings escaped by hand.
/// Used for asset lists and SVTA creative signalling, where the same input must always
/// give the same bytes.
public indirect enum CanonicalJSON: Hashable, Codable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case decimal(HLSDecimal)
    case string(String)
    case array([CanonicalJSON])
    /// Keys in writing order; a repeated key is written once, first occurrence wins.
    case object([CanonicalJSONMember])

    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .integer(i): out += String(i)
        case let .decimal(d): out += d.text
        case let .string(s): JSONValue.writeString(s, to: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            var seen: Set<String> = []
            for member in members where seen.insert(member.key).inserted {
                if seen.count > 1 { out += "," }
                JSONValue.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }
}

public struct CanonicalJSONMember: Hashable, Codable, Sendable {
    public var key: String
    public var value: CanonicalJSON
    public init(_ key: String, _ value: CanonicalJSON) {
        self.key = key
        self.value = value
    }
}
