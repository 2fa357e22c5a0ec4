/// A check that needs only one playlist. Each rule reports under its own `RuleID`.
protocol PlaylistRule {
    var id: RuleID { get }
    func check(_ playlist: Playlist) -> [Finding]
}

extension PlaylistRule {
    func finding(_ playlist: Playlist, line: Int, _ severity: Severity, _ message: String,
                 breaks: [Player] = []) -> Finding {
        Finding(file: playlist.file, line: line, rule: id, severity: severity, message: message, breaks: breaks)
    }
}

/// Every single-playlist rule, in the order their findings are produced.
enum PlaylistRules {
    static let all: [any PlaylistRule] = [
        PlaylistHeaderRule(), LineWhitespaceRule(), LineLengthRule(), PlaylistKindRule(), TagRepeatedRule(),
        AttributeGrammarRule(), AttributeDuplicateRule(),
        DateRangeAttributeTypeRule(), InterstitialAttributeTypeRule(),
        DateRangeIDRule(), DateRangeStartDateRule(), DateRangeSameIDRule(), DateFormatRule(),
        EndBeforeStartRule(), DurationEndDateRule(), EndOnNextRule(),
        ProgramDateTimeRequiredRule(), ProgramDateTimeDiscontinuityRule(), ProgramDateTimeMappingRule(), PreloadRule(),
        InterstitialAssetReferenceRule(), InterstitialAssetURIAbsoluteRule(), CuePrePostRule(),
        TargetDurationRule(), VersionRule(), MediaSequenceRule(), SegmentExtinfRule(),
        HoldBackRule(), StartOffsetRule(), StartTimeOffsetRule(), PlaylistTypeRule(),
        ServerControlRule(), PartInfRule(), PartHoldBackRule(), SkipRule(),
    ]
}
