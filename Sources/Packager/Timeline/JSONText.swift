/// The few JSON value spellings the timeline writers need, kept in one place so every
/// string is escaped the same way.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func optionalString(_ text: String?) -> String { text.map(string) ?? "null" }
    static func seconds(_ nanos: Int64) -> String { Milliseconds.seconds(nanos) }
    static func optionalSeconds(_ nanos: Int64?) -> String { nanos.map(Milliseconds.seconds) ?? "null" }

    /// An object with keys in the given order (deterministic output, readable diffs).
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
