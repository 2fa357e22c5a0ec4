/// The same-ID ledger: the single place where date ranges are published, so that nothing
/// once written is ever changed or dropped (HLS §4.4.5.1: later same-ID tags may only add).
///
/// - `announce` publishes the first tag of a new ID; an ID is never reusable, even after
///   its range has left the playlist.
/// - `update` takes the full current description of the range; every attribute published
///   before must be present with identical bytes, new ones are published as an update tag.
/// - Rendering keeps every line ever produced for an ID byte-identical.
public struct DateRangeLedger: Codable, Sendable {
    public enum Style: String, Codable, Sendable {
        /// The first tag unchanged, then one tag per update repeating ID, CLASS and START-DATE.
        case originalAndUpdates
        /// One tag per ID with every attribute published so far, in canonical order.
        case consolidated
    }

    private var entries: [LedgerEntry] = []
    /// Index into `entries` for every ID ever announced; `retired` once its range was
    /// removed, so the ID stays refused. One table, so announcing costs a single hash.
    private var positions: [String: Int] = [:]
    private static let retired = -1
    /// Retired IDs, oldest first, so `forgetRetired(keepingLast:)` can bound them.
    private var retiredOrder: [String] = []

    private enum CodingKeys: String, CodingKey { case entries, usedIDs }

    public init() {}

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entries = try c.decode([LedgerEntry].self, forKey: .entries)
        for id in try c.decode([String].self, forKey: .usedIDs) {
            positions[id] = Self.retired
            retiredOrder.append(id)
        }
        rebuildPositions()
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entries, forKey: .entries)
        // Retired IDs in retirement order (the live ones are in `entries`): saving the same
        // ledger twice gives the same file.
        try c.encode(retiredOrder.filter { positions[$0] == Self.retired }, forKey: .usedIDs)
    }

    /// Publishes the first tag of a range and returns its line.
    @discardableResult
    public mutating func announce(_ range: DateRange) throws -> String {
        let attributes = try range.attributes()
        guard let start = range.startDate else { throw DateRangeError.missingStartDate(id: range.id) }
        if let earlier = positions.updateValue(entries.count, forKey: range.id) {
            positions[range.id] = earlier
            throw DateRangeError.idAlreadyAnnounced(id: range.id)
        }
        let entry = LedgerEntry(range: range, attributes: attributes, start: start)
        entries.append(entry)
        return entry.originalLine
    }

    /// Publishes what `range` adds to the announced range with the same ID and returns the
    /// added attributes (empty when nothing is new, in which case no tag is added).
    /// Throws `changedAttribute` / `droppedAttribute` and leaves the ledger untouched when
    /// `range` differs from anything already published.
    @discardableResult
    public mutating func update(_ range: DateRange) throws -> [RenderedAttribute] {
        guard let position = positions[range.id], position != Self.retired else {
            throw DateRangeError.unknownID(id: range.id)
        }
        let proposed = try range.attributes()
        let entry = entries[position]
        // `proposed` and every published group are in canonical order, so each group is
        // matched against `proposed` in one forward pass.
        var taken = [Bool](repeating: false, count: proposed.count)
        func match(_ group: [RenderedAttribute]) throws {
            var j = 0
            for old in group {
                while j < proposed.count && RenderedAttribute.precedes(proposed[j], old) { j += 1 }
                guard j < proposed.count, proposed[j].name == old.name else {
                    throw DateRangeError.droppedAttribute(id: range.id, name: old.name, published: old.value)
                }
                guard proposed[j].value == old.value else {
                    throw DateRangeError.changedAttribute(id: range.id, name: old.name, published: old.value,
                                                          proposed: proposed[j].value)
                }
                taken[j] = true
                j += 1
            }
        }
        try match(entry.original)
        for group in entry.additions { try match(group) }
        var added: [RenderedAttribute] = []
        for (attribute, wasPublished) in zip(proposed, taken) where !wasPublished { added.append(attribute) }
        if !added.isEmpty { entries[position].add(added, updated: range) }
        return added
    }

    /// All tags, in announcement order.
    public func render(style: Style = .originalAndUpdates) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(entries.count * 2)
        for entry in entries { append(entry, style: style, to: &lines) }
        return lines
    }

    /// The tags a live playlist whose first segment starts at `windowStart` must carry:
    /// every range except those that lie wholly before it (HLS §6.2.1). Ranges without a
    /// known end (no DURATION/END-DATE, or END-ON-NEXT with no following range) stay.
    public func tags(forWindowStarting windowStart: HLSDate, style: Style = .originalAndUpdates) -> [String] {
        groups(forWindowStarting: windowStart, style: style).flatMap(\.lines)
    }

    /// The same tags grouped per ID with the range's START-DATE, so a playlist writer can put
    /// each group before the segment its start falls in.
    public func groups(forWindowStarting windowStart: HLSDate, style: Style = .originalAndUpdates) -> [TagGroup] {
        let ends = effectiveEnds()
        var groups: [TagGroup] = []
        for (entry, end) in zip(entries, ends) where !Self.liesBefore(end, windowStart) {
            var lines: [String] = []
            append(entry, style: style, to: &lines)
            groups.append(TagGroup(id: entry.id, startMilliseconds: entry.startMilliseconds, lines: lines))
        }
        return groups
    }

    public struct TagGroup: Equatable, Sendable {
        public var id: String
        public var startMilliseconds: Int64
        public var lines: [String]
    }

    /// Forgets ranges that lie wholly before `windowStart` (their IDs stay used) and
    /// returns their IDs.
    @discardableResult
    public mutating func removeRanges(endingBefore windowStart: HLSDate) -> [String] {
        let ends = effectiveEnds()
        var kept: [LedgerEntry] = []
        var removed: [String] = []
        for (entry, end) in zip(entries, ends) {
            if Self.liesBefore(end, windowStart) { removed.append(entry.id) } else { kept.append(entry) }
        }
        guard !removed.isEmpty else { return [] }
        for id in removed { retire(id) }
        entries = kept
        rebuildPositions()
        return removed
    }

    /// Takes back an announcement that no playlist has carried yet (a splice cancelled before
    /// any version listed it): its tags are dropped, its ID stays used. Returns whether it was there.
    @discardableResult
    public mutating func withdraw(id: String) -> Bool {
        guard let position = positions[id], position != Self.retired else { return false }
        entries.remove(at: position)
        retire(id)
        rebuildPositions()
        return true
    }

    /// Keeps only the `count` most recently retired IDs refused. The ledger refuses a retired ID
    /// only as a safety net (IDs are unique by construction); a live playlist cannot hold an ID
    /// that left it thousands of ranges ago, so the state need not grow for ever.
    public mutating func forgetRetired(keepingLast count: Int) {
        retiredOrder.removeAll { positions[$0] != Self.retired }
        guard retiredOrder.count > count else { return }
        for id in retiredOrder.prefix(retiredOrder.count - count) { positions[id] = nil }
        retiredOrder.removeFirst(retiredOrder.count - count)
    }

    /// How many retired IDs are still refused.
    public var retiredCount: Int { retiredOrder.count }

    private mutating func retire(_ id: String) {
        positions[id] = Self.retired
        retiredOrder.append(id)
    }

    /// Everything published for `id`, first tag first; nil if it is not in the ledger.
    public func publishedAttributes(for id: String) -> [RenderedAttribute]? {
        guard let position = positions[id], position != Self.retired else { return nil }
        return entries[position].published
    }

    /// The entries, for a state journal that saves them apart from the ledger (`withoutEntries`).
    public var savedEntries: [SavedDateRange] { entries.map(SavedDateRange.init) }

    /// The same ledger without its entries: only the retired IDs it still refuses. What a state
    /// file keeps when the entries are saved apart; `restoring` takes them back.
    public func withoutEntries() -> DateRangeLedger {
        var copy = DateRangeLedger()
        copy.retiredOrder = retiredOrder.filter { positions[$0] == Self.retired }
        for id in copy.retiredOrder { copy.positions[id] = Self.retired }
        return copy
    }

    /// A ledger saved without its entries, with them back in announcement order.
    public func restoring(_ saved: [SavedDateRange]) -> DateRangeLedger {
        var copy = self
        copy.entries = saved.map(\.entry)
        copy.rebuildPositions()
        return copy
    }

    /// IDs currently in the ledger, in announcement order.
    public var ids: [String] { entries.map(\.id) }

    /// True for every ID ever announced, including removed ones.
    public func hasUsed(_ id: String) -> Bool { positions[id] != nil }

    // A range ending exactly at the window start is kept: its end instant still maps to the
    // first segment, and keeping a tag longer than needed is always allowed.
    private static func liesBefore(_ end: Int64?, _ windowStart: HLSDate) -> Bool {
        guard let end else { return false }
        return end < windowStart.millisecondsSinceEpoch
    }

    /// End of each entry; an END-ON-NEXT range ends where the next range of its CLASS
    /// (in announcement order) starts.
    private func effectiveEnds() -> [Int64?] {
        var ends = [Int64?](repeating: nil, count: entries.count)
        var nextStartByClass: [String: Int64] = [:]
        for i in entries.indices.reversed() {
            let entry = entries[i]
            if entry.endsOnNext, let cls = entry.classValue {
                ends[i] = nextStartByClass[cls]
            } else {
                ends[i] = entry.endMilliseconds
            }
            if let cls = entry.classValue { nextStartByClass[cls] = entry.startMilliseconds }
        }
        return ends
    }

    private func append(_ entry: LedgerEntry, style: Style, to lines: inout [String]) {
        switch style {
        case .originalAndUpdates:
            lines.append(entry.originalLine)
            lines.append(contentsOf: entry.updateLines)
        case .consolidated:
            lines.append(entry.consolidatedLine)
        }
    }

    private mutating func rebuildPositions() {
        for (index, entry) in entries.enumerated() { positions[entry.id] = index }
    }
}
