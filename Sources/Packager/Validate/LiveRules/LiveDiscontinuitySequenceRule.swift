/// DISCONTINUITY-SEQUENCE increases by exactly the number of EXT-X-DISCONTINUITY tags that
/// left with the removed segments (HLS §4.4.3.3); hls.js switches variants by it.
struct LiveDiscontinuitySequenceRule: LiveUpdateRule {
    let id = RuleID.liveDiscontinuitySequence

    func check(_ update: LiveUpdate) -> [Finding] {
        guard let removed = update.removedCount,
              let before = update.previous.discontinuitySequence,
              let after = update.current.discontinuitySequence
        else { return [] }
        let left = UInt64(update.previous.segments.prefix(removed).filter(\.discontinuity).count)
        let expected = before.saturatingAdding(left)
        guard after != expected else { return [] }
        let line = update.current.firstTag("#EXT-X-DISCONTINUITY-SEQUENCE")?.line ?? update.current.segments.first?.startLine ?? 0
        return [finding(update, line: line,
            "EXT-X-DISCONTINUITY-SEQUENCE is \(after) but \(left) EXT-X-DISCONTINUITY tag(s) left the window, so it must be \(expected)",
            breaks: [.hlsJS])]
    }
}
