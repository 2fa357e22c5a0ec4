/// Why a tag value that should be a decimal-integer is not one, said precisely: HLS §4.1
/// allows no whitespace, so `EXT-X-VERSION: 1` fails because of the space, not the 1.
enum TagValueProblem {
    /// nil when `value` is a decimal-integer (1–20 digits, at most 2^64 − 1).
    static func integer(_ tag: PlaylistTag) -> String? {
        let text = tag.value.map(String.init) ?? ""
        let name = tag.name.dropFirst()
        if tag.value == nil { return "\(name) has no value (expected \(name):<decimal-integer>)" }
        let trimmed = text.trimmingSpaces
        if trimmed != text, isDecimalInteger(trimmed) {
            return "\(name):\(text) has whitespace around the value \(trimmed); HLS §4.1 allows none there"
        }
        guard isDecimalInteger(text) else { return "\(name):\(text) is not a decimal-integer" }
        return nil
    }

    private static func isDecimalInteger(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 20 && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && UInt64(text) != nil
    }
}

private extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
