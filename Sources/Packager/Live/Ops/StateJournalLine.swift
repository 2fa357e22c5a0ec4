import DateRangeWriter

/// One line of a live channel's state journal (`StateJournal`), written by the state save
/// numbered `generation`: a segment of a window, a date range of the ledger as it stood, a change
/// to retention's pending deletions, or the rest of the state (as its file holds it,
/// `LiveState.withoutJournaled`), which a save appends last. That state line is the save's
/// commit: a state relies on lines of its own generation or earlier, and later ones are from a
/// save that never completed.
struct StateJournalLine: Codable {
    var generation: Int
    var segment: SegmentJournalEntry?
    var dateRange: SavedDateRange?
    var removal: RemovalJournalEntry?
    var state: LiveState?

    init(generation: Int, segment: SegmentJournalEntry) {
        self.generation = generation
        self.segment = segment
    }

    init(generation: Int, dateRange: SavedDateRange) {
        self.generation = generation
        self.dateRange = dateRange
    }

    init(generation: Int, removal: RemovalJournalEntry) {
        self.generation = generation
        self.removal = removal
    }

    init(generation: Int, state: LiveState) {
        self.generation = generation
        self.state = state
    }
}
