/// A check across two successive versions of a live playlist.
protocol LiveUpdateRule {
    var id: RuleID { get }
    func check(_ update: LiveUpdate) -> [Finding]
}

extension LiveUpdateRule {
    func finding(_ update: LiveUpdate, line: Int, _ message: String, breaks: [Player] = []) -> Finding {
        Finding(file: update.current.file, line: line, rule: id, severity: .error,
                message: "\(message) (previous version: \(update.previous.file))", breaks: breaks)
    }
}

enum LiveUpdateRules {
    static func check(_ update: LiveUpdate) -> [Finding] {
        all.flatMap { $0.check(update) }
    }

    static let all: [any LiveUpdateRule] = [
        LiveMediaSequenceRule(), LiveDiscontinuitySequenceRule(), LiveTargetDurationRule(), LiveWindowRule(),
        LiveDateRangeChangedRule(), LiveDateRangeRemovedRule(), LivePlaylistTypeRule(),
    ]
}
