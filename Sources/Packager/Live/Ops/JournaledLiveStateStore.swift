import DateRangeWriter
import Foundation

/// A live channel's state as two files: the state journal (`StateJournal`), where each save
/// appends the segments listed, the date ranges announced or updated and the changes to the
/// pending deletions since the last one and then the rest of the state, one line each; and
/// `.pkgctl-live-state.json` (`LiveStateStore`), the same state as the journal's last line,
/// written at a channel's first save, when the journal is rewritten and at shutdown, for a
/// restart to start from and people to read.
///
/// The journal's state line is the commit point: a save is one append and, with `power`, one
/// fsync. Before (version 4), each save also replaced the state file: a new file written,
/// fsynced, renamed and its directory fsynced, 5 % of a real-time channel's CPU, and for two
/// renditions a new inode per rendition's segment, which ext4 without a journal pays for on
/// every create (`recently_deleted`).
///
/// Why that stays crash-safe: every save has a number (`generation`, never reused) that its
/// lines carry; its state line is appended last, in the same write, so a complete state line
/// follows every line it relies on. Loading takes the newest complete state line (or the state
/// file, when it is newer: a version 4 journal has none) and relies only on lines of its
/// generation or earlier; lines of a save cut off before its state line are passed over. Loading
/// rewrites the journal to the lines of the state it restored and its state line, which drops
/// the rest, and then writes the state file (so a version 4 build, which would pass over the state
/// lines, refuses the directory from the first start on); both are rewritten (`compactIfDue`,
/// after the save) once the journal holds more than twice the lines the state needs, or more than
/// twice its bytes plus 1 MiB (a state line repeats the whole state: tens of KB for a DVR window
/// with many breaks).
final class JournaledLiveStateStore {
    private let store: LiveStateStore<LiveState>
    let journal: StateJournal
    /// The number of the last save tried.
    private var generation = 0
    /// The journal holds every line the state saved last relies on, and what `newLines`
    /// compares with is what it holds; false until a load or a first save has written it, and
    /// again after a rewrite that failed (the old journal or the new one may be at the name).
    private var ready = false
    /// The last segment written for each rendition, and the revision of each date range written.
    private var tails: [(sequence: Int, uri: String)] = []
    private var revisions: [String: Int] = [:]
    /// Retention's pending deletions as the journal has them.
    private var pending: [String: Double] = [:]
    private var lines = 0
    /// The journal's length when last rewritten.
    private var rewrittenBytes = 0
    /// Slack for the byte bound, so that a small journal is not rewritten every few saves.
    static let byteSlack = 1 << 20
    /// The last save, when the journal has grown past its bounds: rewritten by `compactIfDue`,
    /// after the playlists that save came before, not within the save. A rewrite is two files
    /// written, fsynced and renamed and the directory fsynced twice: 8.5 ms in a trace of the
    /// two-rendition bench (2026-12-07), the one slow segment every run had. Each save clears it
    /// and a save past the bounds sets it, so the rewrite is always of the state saved last.
    private var compaction: (state: LiveState, saved: LiveState, time: Date)?

    init(directory: URL, durability: PublishDurability) {
        store = LiveStateStore(directory: directory, version: LiveState.version,
                               oldestReadable: LiveState.oldestReadableVersion, durability: durability)
        journal = StateJournal(directory: directory, durability: durability)
    }

    var fileURL: URL { store.fileURL }

    /// The saved state with its windows' segments and its date ranges, or nil on a first start.
    /// `time`: when, for the state file written after the journal's rewrite.
    func load(at time: Date = Date()) throws -> LiveState? {
        guard let filed = try store.load() else { return nil }
        guard let counts = filed.journaledSegments else {
            generation = filed.journalGeneration ?? 0
            return filed
        }
        guard let all = try journal.read() else {
            // Saturating: the counts are read from disk, and a damaged one must not trap the message.
            let total = counts.reduce(Int64(0)) { $0.saturatingAdding(Int64($1)) }
            throw LiveStateError.corrupt(path: journal.fileURL.path, reason: "the file is missing, and the state file"
                                         + " '\(store.fileURL.path)' counts \(total) segments in it")
        }
        var saved = filed
        if let last = all.last(where: { $0.state != nil }), last.generation >= filed.journalGeneration ?? 0, let committed = last.state {
            saved = committed
        }
        generation = saved.journalGeneration ?? 0
        let state = try saved.restoringJournaled(from: all, journal: journal.fileURL.path)
        try rewrite(state, saved: saved, at: time)
        return state
    }

    /// Saves `state`: appends what changed and the state line, or (`checkpoint`, a first save)
    /// rewrites the journal whole and then the state file, as a save also does once the journal
    /// has grown past twice what the state needs.
    func save(_ state: LiveState, at time: Date, checkpoint: Bool = false) throws {
        // A rewrite an earlier save called for is dropped: if this save fails, it would be of a
        // state older than this save's number, whose lines a restart passes over (the journal
        // then reads as corrupt); if it succeeds, it calls for its own.
        compaction = nil
        generation += 1
        let ranges = state.ledger.savedEntries
        let saved = state.withoutJournaled(generation: generation)
        if ready, !checkpoint {
            let fresh = newLines(state, ranges: ranges) + [StateJournalLine(generation: generation, state: saved)]
            try journal.append(fresh)
            lines += fresh.count
            noteWritten(state, ranges: ranges)
        } else {
            // No saved state relies on the journal yet (a first start, a version 3 file, a
            // rewrite that failed), or a checkpoint.
            try rewrite(state, saved: saved, at: time)
        }
        let needed = (0..<state.renditionCount).reduce(ranges.count + pending.count) { $0 + state.window($1).segments.count }
        // The save is committed; the rewrite waits for `compactIfDue`.
        if ready, lines > 2 * needed + 64 || journal.length > 2 * rewrittenBytes + Self.byteSlack { compaction = (state, saved, time) }
    }

    /// Rewrites the journal and the state file to the state saved last, if the journal has grown
    /// past its bounds; the live publisher calls it once a segment's playlists are out. After a
    /// failed rewrite (either journal may be at the name) the next save rewrites both files
    /// instead of appending.
    func compactIfDue() {
        guard let due = compaction else { return }
        compaction = nil
        try? rewrite(due.state, saved: due.saved, at: due.time)
    }

    /// Replaces the journal with every line `state` relies on and its state line (a commit on
    /// its own), then the state file with the same state. `ready` once both are written, for a
    /// restart to find the state file; until then each save rewrites both again.
    private func rewrite(_ state: LiveState, saved: LiveState, at time: Date) throws {
        ready = false
        let all = state.journalLines(generation: generation) + [StateJournalLine(generation: generation, state: saved)]
        try journal.replace(with: all)
        (lines, rewrittenBytes) = (all.count, journal.length)
        // What later saves append is measured against this journal.
        noteWritten(state, ranges: state.ledger.savedEntries)
        try store.save(saved, at: time)
        ready = true
    }

    /// Lines for what changed since the last save: each rendition's segments after the last
    /// one written (the whole window when it no longer continues it: a window replaced), the
    /// date ranges that are new or were updated, and the names that started or stopped waiting
    /// for deletion (or now wait longer). A save that failed updated none of what this compares
    /// with, and its lines are cut off before the next append, so the next save writes them again.
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
        let deletable = state.retention.deletableAt
        var removals: [RemovalJournalEntry] = []
        for (name, time) in deletable where pending[name] != time { removals.append(RemovalJournalEntry(name: name, deletableAt: time)) }
        for name in pending.keys where deletable[name] == nil { removals.append(RemovalJournalEntry(name: name, deletableAt: nil)) }
        // Sorted only for a journal that reads the same for the same saves.
        fresh += removals.sorted { $0.name < $1.name }.map { StateJournalLine(generation: generation, removal: $0) }
        return fresh
    }

    private func noteWritten(_ state: LiveState, ranges: [SavedDateRange]) {
        tails = (0..<state.renditionCount).map { k in
            let w = state.window(k)
            return (w.mediaSequence + w.segments.count - 1, w.segments.last?.uri ?? "")
        }
        revisions = Dictionary(ranges.map { ($0.id, $0.revision) }, uniquingKeysWith: { $1 })
        pending = state.retention.deletableAt
    }

    /// For `--reset-state`: moves the state file and the journal aside (see `LiveStateStore`).
    @discardableResult
    func moveAside(at time: Date) throws -> URL? {
        journal.closeFile()
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
