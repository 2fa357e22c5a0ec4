/// Tokens of the enumerated-string-lists and enumerated strings used by date ranges.
/// `CaseIterable` order is the order they are written in, so a set always renders the same.
public enum CueTrigger: String, Codable, CaseIterable, Sendable {
    case pre = "PRE", post = "POST", once = "ONCE"
}

public enum SnapPoint: String, Codable, CaseIterable, Sendable {
    case out = "OUT", `in` = "IN"
}

public enum Restriction: String, Codable, CaseIterable, Sendable {
    case skip = "SKIP", jump = "JUMP"
}

public enum TimelineOccupies: String, Codable, CaseIterable, Sendable {
    case point = "POINT", range = "RANGE"
}

public enum TimelineStyle: String, Codable, CaseIterable, Sendable {
    case highlight = "HIGHLIGHT", primary = "PRIMARY"
}

/// A quoted enumerated-string-list in canonical order, or nil for an empty set (an empty
/// quoted-string is not allowed, so an empty set means "attribute absent").
func tokenList<T: CaseIterable & RawRepresentable & Hashable>(_ set: Set<T>) -> String? where T.RawValue == String {
    guard !set.isEmpty else { return nil }
    var out = "\""
    for token in T.allCases where set.contains(token) {
        if out.utf8.count > 1 { out.append(",") }
        out.append(token.rawValue)
    }
    out.append("\"")
    return out
}
