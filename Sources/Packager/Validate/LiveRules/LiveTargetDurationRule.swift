/// EXT-X-TARGETDURATION MUST NOT change for the life of the playlist (HLS §4.4.3.1).
struct LiveTargetDurationRule: LiveUpdateRule {
    let id = RuleID.liveTargetDuration

    func check(_ update: LiveUpdate) -> [Finding] {
        guard let before = update.previous.targetDurationSeconds,
              let after = update.current.targetDurationSeconds,
              before != after
        else { return [] }
        let line = update.current.firstTag("#EXT-X-TARGETDURATION")?.line ?? 0
        return [finding(update, line: line, "EXT-X-TARGETDURATION changed from \(before) to \(after)")]
    }
}
