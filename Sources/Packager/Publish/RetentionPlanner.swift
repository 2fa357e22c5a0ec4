/// Decides when a segment that left the live playlist may be deleted.
///
/// HLS (RFC 8216bis §6.2.2): a segment removed from a live playlist stays available until
/// the time it FIRST appeared in the playlist plus its Availability Duration, which is its
/// own duration plus the duration of the longest playlist that contained it. A player that
/// fetched the playlist just before the removal can then still download it. `keepExtra`
/// adds a margin for clock skew and slow CDNs.
///
/// Times are seconds on any clock the caller uses consistently; use wall-clock seconds when
/// the planner is saved in the state file, so pending deletions survive a restart.
public struct RetentionPlanner: Equatable, Codable, Sendable {
    public struct Listing: Equatable, Codable, Sendable {
        public var firstListed: Double
        public var duration: Double
    }

    public let keepExtra: Double
    /// Segments currently in the playlist.
    public private(set) var listed: [String: Listing] = [:]
    /// Removed segments and the time from which each may be deleted.
    public private(set) var deletableAt: [String: Double] = [:]

    public init(keepExtra: Double = 0) {
        self.keepExtra = max(0, keepExtra)
    }

    /// Records that `name` is in the playlist; a segment listed again keeps its first time.
    public mutating func noteListed(name: String, duration: Double, at time: Double) {
        deletableAt[name] = nil
        if listed[name] == nil { listed[name] = Listing(firstListed: time, duration: duration) }
    }

    /// Records that `name` left the playlist; `playlistDuration` is the duration of the
    /// longest playlist that contained it. A segment never noted as listed (state lost) is
    /// treated as listed at its removal with no duration, which errs towards keeping it.
    public mutating func noteRemoved(name: String, playlistDuration: Double, at time: Double) {
        let listing = listed.removeValue(forKey: name) ?? Listing(firstListed: time, duration: 0)
        let earliest = listing.firstListed + listing.duration + max(0, playlistDuration) + keepExtra
        deletableAt[name] = max(deletableAt[name] ?? earliest, earliest)
    }

    /// Removed segments whose availability window has ended at `now`, earliest first.
    /// They stay due until `noteDeleted` confirms the deletion, so a failed delete is retried.
    public func due(at now: Double) -> [String] {
        // The live tick asks a few times a second and almost always finds nothing due: answer
        // that without building a filtered dictionary.
        guard deletableAt.values.contains(where: { $0 <= now }) else { return [] }
        return deletableAt.filter { $0.value <= now }
            .sorted { ($0.value, $0.key) < ($1.value, $1.key) }
            .map(\.key)
    }

    /// When the next removed segment becomes deletable, or nil when none is pending.
    public var nextDueTime: Double? { deletableAt.values.min() }

    /// The planner without its listings and pending deletions, for a state whose journal
    /// (`StateJournal`) keeps each window segment's listing with the segment and each pending
    /// deletion as a line of its own; `restoreListing` and `restorePending` put them back. A
    /// listing of a name in no window is never read again (only a segment leaving a window is
    /// noted removed), so leaving those out loses nothing.
    func withoutJournaled() -> RetentionPlanner {
        var copy = self
        copy.listed = [:]
        copy.deletableAt = [:]
        return copy
    }

    /// Puts back the pending deletions a journal kept (`withoutJournaled` took them out).
    mutating func restorePending(_ pending: [String: Double]) {
        deletableAt = pending
    }

    mutating func restoreListing(_ name: String, _ listing: Listing) {
        listed[name] = listing
    }

    /// Forgets `name` once it has been deleted.
    public mutating func noteDeleted(name: String) {
        deletableAt[name] = nil
    }
}
