/// What changed between two snapshots of the same live playlist. Pure, so every case can be
/// unit-tested on hand-made snapshots.
public enum TimelineDiff {
    /// Events in a fixed order: drops (old tag order), then announcements and completions
    /// (new tag order), then the live-edge move. `old == nil` is the first read: everything
    /// present is announced and the edge starts from primary.
    public static func events(from old: TimelineSnapshot?, to new: TimelineSnapshot) -> [TimelineEvent] {
        let before = Dictionary(old?.interstitials.map { ($0.id, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        let after = Set(new.interstitials.map(\.id))
        var events: [TimelineEvent] = []
        var seen = Set<String>()
        for interstitial in old?.interstitials ?? [] where !after.contains(interstitial.id) && seen.insert(interstitial.id).inserted {
            events.append(.segmentsChanged(reason: .dropped, id: interstitial.id))
        }
        for interstitial in new.interstitials {
            if let previous = before[interstitial.id] {
                if !previous.isComplete, interstitial.isComplete {
                    events.append(.segmentsChanged(reason: .completed, id: interstitial.id))
                }
            } else {
                events.append(.segmentsChanged(reason: .announced, id: interstitial.id))
            }
        }
        let from = old?.interstitialAtLiveEdge
        let to = new.interstitialAtLiveEdge
        if from != to { events.append(.currentSegmentChanged(from: from, to: to)) }
        return events
    }
}
