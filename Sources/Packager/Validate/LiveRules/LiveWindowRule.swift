/// Segments MUST NOT be removed from a playlist without EXT-X-ENDLIST if that leaves less
/// than three target durations (HLS §6.2.2).
struct LiveWindowRule: LiveUpdateRule {
    let id = RuleID.liveWindow

    func check(_ update: LiveUpdate) -> [Finding] {
        let current = update.current
        guard !current.hasEndList, let removed = update.removedCount, removed > 0,
              let target = current.targetDurationSeconds
        else { return [] }
        let remaining = current.totalDurationNanos
        let minimum = DecimalSeconds.threeTargetDurations(target)
        guard remaining < minimum else { return [] }
        return [finding(update, line: current.segments.first?.startLine ?? 0,
            "segments were removed leaving \(DecimalSeconds.format(remaining)) s, less than three target durations (\(DecimalSeconds.format(minimum)) s)")]
    }
}
