/// One date range of a `DateRangeLedger` as a state journal saves it apart from the ledger
/// (`DateRangeLedger.savedEntries`, `restoring`). Its JSON is the ledger's own for the entry;
/// only the ledger reads what is inside.
public struct SavedDateRange: Codable, Sendable {
    let entry: LedgerEntry

    init(_ entry: LedgerEntry) { self.entry = entry }

    public var id: String { entry.id }
    /// Grows with every update the ledger accepts, the only change an entry ever sees.
    public var revision: Int { entry.additions.count }

    public init(from decoder: Decoder) throws { entry = try LedgerEntry(from: decoder) }
    public func encode(to encoder: Encoder) throws { try entry.encode(to: encoder) }
}
