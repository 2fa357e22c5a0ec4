import DateRangeWriter

/// How a live state splits between its file and the state journal: the file keeps every
/// window's sequences and length, the ledger's retired IDs, and the counts and IDs of what the
/// journal holds; each segment (with its retention listing), each date range and each removed name
/// waiting to be deleted is a journal line.
extension LiveState {
    var renditionCount: Int { 1 + renditionWindows.count }

    /// Journal entries for the segments of rendition `k`'s window from position `start` on.
    func journalEntries(rendition k: Int, from start: Int = 0) -> [SegmentJournalEntry] {
        let w = window(k)
        let dir = OutputLayout.rendition(k) + "/"
        return w.segments.indices.dropFirst(start).map { i in
            let segment = w.segments[i]
            return SegmentJournalEntry(rendition: k, sequence: w.mediaSequence + i, segment: segment,
                                       listed: retention.listed[dir + segment.uri])
        }
    }

    /// Every segment, date range and pending deletion as journal lines of `generation`.
    func journalLines(generation: Int) -> [StateJournalLine] {
        (0..<renditionCount).flatMap { journalEntries(rendition: $0) }.map { StateJournalLine(generation: generation, segment: $0) }
            + ledger.savedEntries.map { StateJournalLine(generation: generation, dateRange: $0) }
            + retention.deletableAt.sorted { $0.key < $1.key }.map {
                StateJournalLine(generation: generation, removal: RemovalJournalEntry(name: $0.key, deletableAt: $0.value))
            }
    }

    /// The state as its file holds it, written by save number `generation`. Taking the window
    /// segments' listings out one by one was 9 % of a 2-hour channel's CPU (a copy of the
    /// listings and a name built per segment, every save), hence all at once. The pending
    /// deletions leave it too: they wait out their availability on the wall clock, so a 2-hour
    /// window keeps about as many as it lists, and a channel at 30× real time 30 times as many as
    /// at 1× (16 KB of a two-rendition bench channel's state line, 6 % of its CPU in JSON).
    func withoutJournaled(generation: Int) -> LiveState {
        var saved = self
        saved.journalGeneration = generation
        saved.journaledSegments = (0..<renditionCount).map { window($0).segments.count }
        saved.journaledDateRanges = ledger.ids
        saved.journaledRemovals = retention.deletableAt.count
        saved.window = window.withoutSegments()
        saved.renditionWindows = renditionWindows.map { $0.withoutSegments() }
        saved.ledger = ledger.withoutEntries()
        saved.retention = retention.withoutJournaled()
        return saved
    }

    /// A state read from its file (or state line) with what it counts in the journal put back.
    /// Lines of a later generation than the state's are from a save that did not complete and
    /// are passed over; of the rest, a later line for a segment, ID or removed name replaces an
    /// earlier one.
    func restoringJournaled(from lines: [StateJournalLine], journal path: String) throws -> LiveState {
        guard let counts = journaledSegments else { return self }
        guard counts.count == renditionCount else {
            throw LiveStateError.corrupt(path: path, reason: "the state lists segment counts for \(counts.count) renditions"
                                         + " and windows for \(renditionCount)")
        }
        // Counts read from disk: bounded before they size an array or a range (a damaged count
        // of 1e18, or a negative one, would trap the restart rather than name the file).
        for (k, count) in counts.enumerated() {
            let first = window(k).mediaSequence
            guard count >= 0, count <= lines.count, first >= 0, first <= Int.max - count else {
                throw LiveStateError.corrupt(path: path, reason: "the state counts \(count) segments of rendition \(k) from"
                                             + " sequence \(first), which a journal of \(lines.count) lines cannot hold")
            }
        }
        let generation = journalGeneration ?? 0
        var segments: [Int: [Int: Int]] = [:]
        var ranges: [String: Int] = [:]
        var pending: [String: Double] = [:]
        for (i, line) in lines.enumerated() where line.generation <= generation {
            if let entry = line.segment { segments[entry.rendition, default: [:]][entry.sequence] = i }
            if let range = line.dateRange { ranges[range.id] = i }
            if let removal = line.removal { pending[removal.name] = removal.deletableAt }
        }
        var restored = self
        (restored.journaledSegments, restored.journaledDateRanges, restored.journalGeneration) = (nil, nil, nil)
        if let count = journaledRemovals {
            guard pending.count == count else {
                throw LiveStateError.corrupt(path: path, reason: "the journal's lines leave \(pending.count) removed names"
                                             + " waiting to be deleted, and the state counts \(count)")
            }
            restored.retention.restorePending(pending)
            restored.journaledRemovals = nil
        }
        for k in 0..<renditionCount {
            let w = window(k)
            var records: [SegmentRecord] = []
            records.reserveCapacity(counts[k])
            for sequence in w.mediaSequence..<(w.mediaSequence + counts[k]) {
                guard let i = segments[k]?[sequence], let entry = lines[i].segment else {
                    throw LiveStateError.corrupt(path: path, reason: "no line for segment \(sequence) of rendition \(k),"
                                                 + " which the state's window lists")
                }
                records.append(entry.segment)
                if let listing = entry.listed {
                    restored.retention.restoreListing(OutputLayout.rendition(k) + "/" + entry.segment.uri, listing)
                }
            }
            guard let full = w.restoring(records) else {
                throw LiveStateError.corrupt(path: path, reason: "the segments of rendition \(k)'s window do not add up to"
                                             + " the \(w.windowMillis) ms the state saved")
            }
            if k == 0 { restored.window = full } else { restored.renditionWindows[k - 1] = full }
        }
        var saved: [SavedDateRange] = []
        for id in journaledDateRanges ?? [] {
            guard let i = ranges[id], let range = lines[i].dateRange else {
                throw LiveStateError.corrupt(path: path, reason: "no line for date range '\(id)', which the state's ledger lists")
            }
            saved.append(range)
        }
        restored.ledger = ledger.restoring(saved)
        return restored
    }
}
