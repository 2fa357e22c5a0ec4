/// One `NAME=VALUE` pair of an attribute list, with the value's bytes exactly as written
/// (byte comparison is what same-ID and live-update checks need).
public struct Attribute: Equatable, Sendable {
    public let name: String
    /// The value as written, quotes included.
    public let raw: String
    /// The value without surrounding quotes.
    public let value: String
    public let type: AttributeValueType
}

/// A parsed attribute list, plus everything in it that broke the §4.2 grammar.
public struct AttributeList: Sendable {
    public let attributes: [Attribute]
    /// Grammar problems (bad names, whitespace, lowercase hex, broken quoting).
    public let grammarIssues: [String]
    /// Names that appeared more than once (the first occurrence is the one kept).
    public let duplicateNames: [String]

    public subscript(name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }
}
