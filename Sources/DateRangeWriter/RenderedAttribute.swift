/// One `NAME=VALUE` pair exactly as it is written into a tag. The ledger keeps these bytes
/// (not the typed values) so that what was published once is repeated verbatim.
public struct RenderedAttribute: Hashable, Codable, Sendable {
    public let name: String
    /// The value as written, quotes included for quoted-strings.
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var text: String { name + "=" + value }
}

/// The fixed order in which attributes are written, so one range always gives one byte
/// sequence. Client attributes (not in this table) follow, sorted by name.
enum AttributeOrder {
    static let known: [String] = [
        "ID", "CLASS", "START-DATE", "CUE", "END-DATE", "DURATION", "PLANNED-DURATION", "END-ON-NEXT",
        "SCTE35-CMD", "SCTE35-OUT", "SCTE35-IN",
        "X-ASSET-URI", "X-ASSET-LIST", "X-RESUME-OFFSET", "X-PLAYOUT-LIMIT", "X-SNAP", "X-RESTRICT",
        "X-CONTENT-MAY-VARY", "X-TIMELINE-OCCUPIES", "X-TIMELINE-STYLE",
        "X-SKIP-CONTROL-OFFSET", "X-SKIP-CONTROL-DURATION", "X-SKIP-CONTROL-LABEL-ID",
    ]
    static let rank: [String: Int] = Dictionary(uniqueKeysWithValues: known.enumerated().map { ($1, $0) })

    static func precedes(_ a: String, _ b: String) -> Bool {
        switch (rank[a], rank[b]) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}

/// `#EXT-X-DATERANGE:` followed by the attributes in the order given.
func dateRangeLine<S: Sequence>(_ attributes: S) -> String where S.Element == RenderedAttribute {
    var line = "#EXT-X-DATERANGE:"
    var first = true
    for attribute in attributes {
        if !first { line += "," }
        first = false
        line += attribute.name
        line += "="
        line += attribute.value
    }
    return line
}
