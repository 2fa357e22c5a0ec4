import Primitives

/// Which signal family opened a span. Event ids are only unique within a family (and, for
/// segmentation, pairing also needs the start type: its End is type + 1).
enum SpanSource: Codable, Equatable, Sendable {
    case spliceInsert
    case segmentation(typeID: UInt8)
    /// A span of a stitched presentation (its index is the event id).
    case stitched

    var signalName: String {
        switch self {
        case .spliceInsert: return "splice_insert"
        case let .segmentation(typeID): return "segmentation " + HexText.upper([typeID])
        case .stitched: return "stitched"
        }
    }
}

/// A span the tracker has opened and not yet closed or cancelled.
struct TrackedSpan: Codable, Equatable, Sendable {
    var span: Span
    var source: SpanSource
    /// Whether passing the planned end closes it without an in-cue.
    var autoReturns: Bool
    var isContainer: Bool

    var plannedEndTicks: Int64? { span.plannedDurationTicks.map { span.startTicks + $0 } }

    func matches(_ source: SpanSource, eventID: UInt32) -> Bool {
        self.source == source && span.eventID == eventID
    }
}

/// What happened to an event id recently, so resent cues can be told from new ones after the
/// span they belong to is gone.
struct CueRecord: Codable, Equatable, Sendable {
    enum Outcome: String, Codable, Sendable {
        case closed, cancelled
        /// A start the classifier rejected; its End is then ignored, not "unmatched".
        case ignored
    }

    var source: SpanSource
    var eventID: UInt32
    var startTicks: Int64
    var outcome: Outcome
}
