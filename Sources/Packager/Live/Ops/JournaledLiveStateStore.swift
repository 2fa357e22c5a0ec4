import DateRangeWriter
import Foundation

/// A live channel's state as two files: `.pkgctl-live-state.json` (`LiveStateStore`), without the
/// windows' segments and the ledger's date ranges, and the state journal (`StateJournal`) with
/// them, one line each. Before, every save rewrote all of them: 1.46 MB every 6 s for a
/// two-rendition channel with a 2-hour window and a break every minute. Now a save appends the
/// segments listed and the date ranges announced or updated since the last one, then writes the
/// small state file, which stays the commit point.
///
/// Why that stays crash-safe: every save has a number (`generation`, never reused), its lines
/// carry it and so does the state file, written after them (and with `power`, after they were
/// fsynced). A state file relies only on lines of its generation or earlier, so lines of a save
/// cut off before its state file landed are passed over, and a state file never lacks a line it
/// relies on. Loading rewrites the journal to the lines the state relies on, which drops the
/// rest; a save rewrites it whole (after its state file landed) once it holds more than twice
/// the lines the state needs.
final class JournaledLiveStateStore {
    private let store: LiveStateStore<LiveState>
    let journal: StateJournal
    /// The number of the last save tried.
    private var generation = 0
    /// The journal holds every line the state saved last relies on; false until a load or a
    /// first save has written it.
    private var ready = false
    /// The last segment written for each rendition, and the revision of each date range written.
    private var tails: [(sequence: Int, uri: String)] = []
    private var revisions: [String: Int] = [:]
    private var lines = 0

    init(directory: URL, durability: PublishDurability) {
        store = LiveStateStore(directory: directory, version: LiveState.version,
                               oldestReadable: LiveState.oldestReadableVersion, durability: durability)
        journal = StateJournal(directory: directory, durability: durability)
    }

    var fileURL: URL { store.fileURL }

    /// The saved state with its windows' segments and its date ranges, or nil on a first start.
    func load() throws -> LiveState? {
        guard let saved = try store.load() else { return nil }
        generation = saved.journalGeneration ?? 0
        guard let counts = saved.journaledSegments else { return saved }
        guard let all = try journal.read() else {
            throw LiveStateError.corrupt(path: journal.fileURL.path, reason: "the file is missing, and the state file"
                                         + " '\(store.fileURL.path)' counts \(counts.reduce(0, +)) segments in it")
        }
        let (state, used) = try saved.restoringJournaled(from: all, journal: journal.fileURL.path)
        try journal.replace(with: used)
        lines = used.count
        noteWritten(state, ranges: state.ledger.savedEntries)
        ready = true
        return state
    }

    func save(_ state: LiveState, at time: Date) throws {
        generation += 1
        let ranges = state.ledger.savedEntries
        if ready {
            let fresh = newLines(state, ranges: ranges)
            try journal.append(fresh)
            lines += fresh.count
        } else {
            // No saved state relies on the journal yet (a first start, or a version 3 file).
            let all = state.journalLines(generation: generation)
            try journal.replace(with: all)
            lines = all.count
            ready = true
        }
        noteWritten(state, ranges: ranges)
        try store.save(state.withoutJournaled(generation: generation), at: time)
        let needed = (0..<state.renditionCount).reduce(revisions.count) { $0 + state.window($1).segments.count }
        // A failed rewrite leaves the longer journal in place (the rename never happened); the
        // next save tries again.
        if lines > 2 * needed + 64 {
            let all = state.journalLines(generation: generation)
            if (try? journal.replace(with: all)) != nil { lines = all.count }
        }
    }

    /// Lines for what changed since the last save: each rendition's segments after the last
    /// one written (the whole window when it no longer continues it: a window replaced), and
    /// the date ranges that are new or were updated.
    private func newLines(_ state: LiveState, ranges: [SavedDateRange]) -> [StateJournalLine] {
        var fresh: [StateJournalLine] = []
        for k in 0..<state.renditionCount {
            let w = state.window(k)
            var start = 0
            if k < tails.count {
                let position = tails[k].sequence - w.mediaSequence
                if position >= 0, position < w.segments.count, w.segments[position].uri == tails[k].uri { start = position + 1 }
            }
            fresh += state.journalEntries(rendition: k, from: start).map { StateJournalLine(generation: generation, segment: $0) }
        }
        for range in ranges where revisions[range.id] != range.revision {
            fresh.append(StateJournalLine(generation: generation, dateRange: range))
        }
        return fresh
    }

    private func noteWritten(_ state: LiveState, ranges: [SavedDateRange]) {
        tails = (0..<state.renditionCount).map { k in
            let w = state.window(k)
            return (w.mediaSequence + w.segments.count - 1, w.segments.last?.uri ?? "")
        }
        revisions = Dictionary(ranges.map { ($0.id, $0.revision) }, uniquingKeysWith: { $1 })
    }

    /// For `--reset-state`: moves the state file and the journal aside (see `LiveStateStore`).
    @discardableResult
    func moveAside(at time: Date) throws -> URL? {
        let moved = try store.moveAside(at: time)
        // A journal without a state file is left: the first save rewrites it.
        if let moved {
            let target = URL(fileURLWithPath: moved.path.replacingOccurrences(of: LiveStateFile.name, with: StateJournal.name))
            if rename(journal.fileURL.path, target.path) != 0, errno != ENOENT {
                throw LiveStateError.moveAsideFailed(path: journal.fileURL.path, errno: errno)
            }
        }
        return moved
    }
}
