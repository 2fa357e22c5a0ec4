/// A change between two snapshots of a live timeline, named after AVFoundation's
/// snapshotsOutOfSync reasons (segmentsChanged, currentSegmentChanged).
public enum TimelineEvent: Equatable, Sendable {
    public enum Reason: String, Sendable {
        /// A new interstitial appeared.
        case announced
        /// Its end became known (DURATION, END-DATE or X-RESUME-OFFSET added).
        case completed
        /// It left the playlist.
        case dropped
    }

    case segmentsChanged(reason: Reason, id: String)
    /// The live edge moved between primary (nil) and an interstitial's range.
    case currentSegmentChanged(from: String?, to: String?)

    /// One JSON line, e.g. `{"event":"segmentsChanged","reason":"announced","id":"ad1"}`.
    public var jsonLine: String { JSONControlEscape.apply(rawJSONLine) }

    private var rawJSONLine: String {
        switch self {
        case .segmentsChanged(let reason, let id):
            return JSONText.object([("event", JSONText.quoted("segmentsChanged")),
                                    ("reason", JSONText.quoted(reason.rawValue)),
                                    ("id", JSONText.quoted(id))])
        case .currentSegmentChanged(let from, let to):
            return JSONText.object([("event", JSONText.quoted("currentSegmentChanged")),
                                    ("from", JSONText.quoted(from ?? "primary")),
                                    ("to", JSONText.quoted(to ?? "primary"))])
        }
    }
}
