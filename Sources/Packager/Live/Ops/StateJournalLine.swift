import DateRangeWriter

/// One line of a live channel's state journal (`StateJournal`): a segment of a window, or a
/// date range of the ledger as it stood, written by the state save numbered `generation`.
/// A state file relies on lines of its own generation or earlier; later ones are from a save
/// that never completed.
struct StateJournalLine: Codable, Sendable {
    var generation: Int
    var segment: SegmentJournalEntry?
    var dateRange: SavedDateRange?

    init(generation: Int, segment: SegmentJournalEntry) {
        self.generation = generation
        self.segment = segment
    }

    init(generation: Int, dateRange: SavedDateRange) {
        self.generation = generation
        self.dateRange = dateRange
    }
}
