import CueDetect
import DateRangeWriter

/// A routed span as the live presentation follows it through one epoch: what was announced,
/// where its media was cut, its pieces (asset segments as they are stored), and whether it has
/// been completed.
struct LiveSpan {
    var route: SpanRoute
    var nested: [NestedSpan] = []
    /// What was published at announcement (nil until announced).
    var announced: SpanDescription?
    var cutIn: Int64?
    /// Primary-timeline position of its media.
    var position: Int64?
    var cutOut: Int64?
    var ending: SpanEnding?
    var completed = false
    var pieces: [AssetKey: LivePiece] = [:]
    var pieceOrder: [AssetKey] = []

    init(route: SpanRoute) { self.route = route }

    var id: String { route.id }
}

/// One asset piece: its segments (listed once stored) and whether it is whole.
struct LivePiece {
    var id: String
    var records: [SegmentRecord] = []
    /// Segment names handed to the sink and not confirmed yet.
    var unconfirmed: Set<String> = []
    var ended = false
    var broken = false

    var isComplete: Bool { ended && unconfirmed.isEmpty && !broken && !records.isEmpty }
}
