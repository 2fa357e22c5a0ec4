import DateRangeWriter

/// All EXT-X-DATERANGE tags of one playlist that share an ID, seen as one range: the
/// attributes merged in tag order (the first value of each name wins; a differing later
/// value is a same-ID violation reported by a rule).
public struct PlaylistDateRange: Sendable {
    public static let interstitialClass = DateRange.interstitialClass

    public let id: String
    public private(set) var tags: [DateRangeTag]
    public private(set) var merged: [String: Attribute]
    /// Attribute names in the order they first appeared, for stable messages.
    public private(set) var names: [String]

    init(id: String, first: DateRangeTag) {
        self.id = id
        tags = []
        merged = [:]
        names = []
        add(first)
    }

    mutating func add(_ tag: DateRangeTag) {
        tags.append(tag)
        for attribute in tag.attributes.attributes where merged[attribute.name] == nil {
            merged[attribute.name] = attribute
            names.append(attribute.name)
        }
    }

    public var firstLine: Int { tags.first?.line ?? 0 }

    /// Line of the first tag of this range that carries `name`.
    public func line(of name: String) -> Int? {
        tags.first { $0.attributes[name] != nil }?.line
    }
    public var isInterstitial: Bool { merged["CLASS"]?.value == PlaylistDateRange.interstitialClass }
    public var startDate: Timestamp? { merged["START-DATE"].flatMap { Timestamp.parse($0.value) } }
    public var endDate: Timestamp? { merged["END-DATE"].flatMap { Timestamp.parse($0.value) } }
    public var durationNanos: Int64? { merged["DURATION"].flatMap { DecimalSeconds.nanoseconds(Substring($0.value)) } }

    /// The end known from this range alone (END-DATE, else START-DATE + DURATION); nil when
    /// open-ended or ending on the next range of its class.
    public var explicitEnd: Timestamp? {
        if let end = endDate { return end }
        guard let start = startDate, let duration = durationNanos else { return nil }
        return start.adding(nanoseconds: duration)
    }
}
