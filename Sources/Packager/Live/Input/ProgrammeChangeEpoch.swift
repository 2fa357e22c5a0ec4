/// What a live session does when the input's programme changes (an encoder failover): one log
/// line naming the old and the new streams, the running epoch finished (its last segment
/// published), and a new epoch on the new streams whose first segment carries a DISCONTINUITY.
enum ProgrammeChangeEpoch {
    static func begin<Epoch>(_ change: ProgrammeChange, finishing finish: () throws -> Void, publisher: LivePublisher,
                             make: () throws -> Epoch) throws -> Epoch {
        publisher.log.warn(.input, ["action": "programme_change", "old": .string(ProgrammeChange.describe(change.old)),
                                    "new": .string(ProgrammeChange.describe(change.new))])
        try finish()
        return try make()
    }
}
