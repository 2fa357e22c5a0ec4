import CueDetect
import DateRangeWriter

/// A routed span as the live presentation follows it through one epoch: what was announced,
/// where its media was cut, its pieces (asset segments as they are stored), and whether it has
/// been completed.
struct LiveSpan {
    /// How a live span is offered (see InterstitialPolicy+Live).
    enum Shape: Equatable {
        /// An ad-decision server fills the interstitial; pkgctl announces and completes it.
        case adServer
        /// Its own extracted media: SCTE-35 metadata while live, the interstitial once stored.
        case ownAsset
    }

    var route: SpanRoute
    var shape: Shape
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

    /// The interstitial of an own-asset span was published (its assets are stored).
    var interstitialPublished = false

    init(route: SpanRoute, shape: Shape) {
        self.route = route
        self.shape = shape
    }

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
