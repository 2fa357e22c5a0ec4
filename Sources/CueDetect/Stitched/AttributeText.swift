/// Splits an HLS attribute list (`NAME=value,NAME="quoted, value"`) strictly enough to refuse
/// what a cue reader cannot trust: a name without `=`, an unterminated quote, a repeated name.
public enum AttributeText {
    public struct Problem: Error { public var reason: String }

    public static func parse(_ text: Substring) throws -> [String: String] {
        var result: [String: String] = [:]
        var index = text.startIndex
        while index < text.endIndex {
            guard let equals = text[index...].firstIndex(of: "=") else {
                throw Problem(reason: "'\(text[index...])' has no '=VALUE'")
            }
            let name = String(text[index..<equals]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(",") else { throw Problem(reason: "attribute '\(name)' has no '=VALUE'") }
            var cursor = text.index(after: equals)
            let value: String
            if cursor < text.endIndex, text[cursor] == "\"" {
                let open = text.index(after: cursor)
                guard let close = text[open...].firstIndex(of: "\"") else {
                    throw Problem(reason: "the quoted value of \(name) is not terminated")
                }
                value = String(text[open..<close])
                cursor = text.index(after: close)
                if cursor < text.endIndex, text[cursor] != "," {
                    throw Problem(reason: "text follows the quoted value of \(name)")
                }
            } else {
                let end = text[cursor...].firstIndex(of: ",") ?? text.endIndex
                value = String(text[cursor..<end])
                cursor = end
            }
            guard result[name] == nil else { throw Problem(reason: "\(name) appears twice") }
            result[name] = value
            index = cursor < text.endIndex ? text.index(after: cursor) : cursor
        }
        return result
    }

    /// A decimal number of seconds as 90 kHz ticks.
    public static func seconds(_ text: String) -> Int64? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else { return nil }
        return ProgramClock.ticks(seconds: value)
    }
}
