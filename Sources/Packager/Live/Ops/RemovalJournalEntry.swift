/// One line of the state journal for retention: a name that left the playlists and may be
/// deleted from `deletableAt` on (`RetentionPlanner.deletableAt`), or, with `deletableAt` nil, a
/// name that no longer waits (deleted, or listed again).
struct RemovalJournalEntry: Codable, Equatable, Sendable {
    var name: String
    var deletableAt: Double?
}
