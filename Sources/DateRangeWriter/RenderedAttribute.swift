/// One `NAME=VALUE` pair exactly as it is written into a tag. The ledger keeps these bytes
/// (not the typed values) so that what was published once is repeated verbatim.
public struct RenderedAttribute: Hashable, Codable, Sendable {
    public let name: String
    /// The value as written, quotes included for quoted-strings.
    public let value: String
    /// Position in the canonical order (`KnownAttribute` order, then client attributes by name).
    let rank: Int

    public init(name: String, value: String) {
        self.name = name
        self.value = value
        self.rank = KnownAttribute.rankByName[name] ?? KnownAttribute.clientRank
    }

    init(_ known: KnownAttribute, value: String) {
        self.name = known.name
        self.value = value
        self.rank = known.rawValue
    }

    private enum CodingKeys: String, CodingKey { case name, value }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), value: try c.decode(String.self, forKey: .value))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(value, forKey: .value)
    }

    public var text: String { name + "=" + value }

    /// Canonical order: known attributes by rank, client attributes by name (bytewise).
    static func precedes(_ a: RenderedAttribute, _ b: RenderedAttribute) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        return a.rank == KnownAttribute.clientRank && a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
}

/// The attributes DateRangeWriter writes from typed fields, in the fixed order in which
/// they are written, so one range always gives one byte sequence.
enum KnownAttribute: Int, CaseIterable {
    case id
    case classValue
    case startDate
    case cue
    case endDate
    case duration
    case plannedDuration
    case endOnNext
    case scte35Cmd
    case scte35Out
    case scte35In
    case assetURI
    case assetList
    case resumeOffset
    case playoutLimit
    case snap
    case restrict
    case contentMayVary
    case timelineOccupies
    case timelineStyle
    case skipControlOffset
    case skipControlDuration
    case skipControlLabelID

    static let clientRank = Int.max
    static let rankByName: [String: Int] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0.rawValue) })

    var name: String {
        switch self {
        case .id: return "ID"
        case .classValue: return "CLASS"
        case .startDate: return "START-DATE"
        case .cue: return "CUE"
        case .endDate: return "END-DATE"
        case .duration: return "DURATION"
        case .plannedDuration: return "PLANNED-DURATION"
        case .endOnNext: return "END-ON-NEXT"
        case .scte35Cmd: return "SCTE35-CMD"
        case .scte35Out: return "SCTE35-OUT"
        case .scte35In: return "SCTE35-IN"
        case .assetURI: return "X-ASSET-URI"
        case .assetList: return "X-ASSET-LIST"
        case .resumeOffset: return "X-RESUME-OFFSET"
        case .playoutLimit: return "X-PLAYOUT-LIMIT"
        case .snap: return "X-SNAP"
        case .restrict: return "X-RESTRICT"
        case .contentMayVary: return "X-CONTENT-MAY-VARY"
        case .timelineOccupies: return "X-TIMELINE-OCCUPIES"
        case .timelineStyle: return "X-TIMELINE-STYLE"
        case .skipControlOffset: return "X-SKIP-CONTROL-OFFSET"
        case .skipControlDuration: return "X-SKIP-CONTROL-DURATION"
        case .skipControlLabelID: return "X-SKIP-CONTROL-LABEL-ID"
        }
    }
}

/// `#EXT-X-DATERANGE:` followed by the attributes in the order given. Sized first and
/// filled with one copy per piece: this runs for every tag ever published.
func dateRangeLine<C: Collection>(_ attributes: C) -> String where C.Element == RenderedAttribute {
    let prefix = "#EXT-X-DATERANGE:"
    var total = prefix.utf8.count + max(attributes.count - 1, 0)
    for attribute in attributes { total += attribute.name.utf8.count + 1 + attribute.value.utf8.count }
    return String(unsafeUninitializedCapacity: total) { buffer in
        var at = 0
        func copy(_ s: String) {
            let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return bytes.count }
                (target + at).update(from: source, count: bytes.count)
                return bytes.count
            }
            if let copied {
                at += copied
            } else {
                for byte in s.utf8 { buffer[at] = byte; at += 1 }
            }
        }
        copy(prefix)
        var first = true
        for attribute in attributes {
            if !first { buffer[at] = UInt8(ascii: ","); at += 1 }
            first = false
            copy(attribute.name)
            buffer[at] = UInt8(ascii: "=")
            at += 1
            copy(attribute.value)
        }
        return at
    }
}
