/// What a span is, which decides how it becomes an interstitial.
public enum SpanKind: String, Codable, Sendable, CaseIterable {
    case ad, recap, other
}

/// Why a span ended.
public enum SpanEnd: String, Codable, Sendable {
    case inCue = "in_cue"
    case autoReturn = "auto_return"
    case cancel
    case endOfInput = "end_of_input"
    /// No end cue came: closed at its planned duration (LostCueRules).
    case plannedEnd = "planned_end"
    /// No end cue and no planned duration: closed at its kind's maximum (LostCueRules).
    case maximumDuration = "max_duration"
    /// No end cue: the next out-cue of the same kind ended it (LostCueRules).
    case nextOutCue = "next_out_cue"
}

/// A paired out→in interval of the source, on unwrapped 90 kHz program time.
/// Codable so a live tracker's open spans can be saved across a restart.
public struct Span: Equatable, Sendable, Codable {
    /// Sequence number in the order spans were opened; unique for the life of a tracker
    /// (SCTE-35 event ids are reused, so they cannot serve as identity).
    public var serial: Int
    public var kind: SpanKind
    /// splice_event_id or segmentation_event_id; chapter index for chapters.
    public var eventID: UInt32
    /// What opened it: `splice_insert`, `segmentation 0x34`, `chapter`.
    public var signalName: String
    public var startTicks: Int64
    public var endTicks: Int64?
    public var plannedDurationTicks: Int64?
    public var endedBy: SpanEnd?
    /// serial of the enclosing span (a 0x30 ad inside a 0x22 break), if any.
    public var parent: Int?
    public var outSection: [UInt8]
    public var inSection: [UInt8]?

    public init(serial: Int, kind: SpanKind, eventID: UInt32, signalName: String, startTicks: Int64,
                endTicks: Int64? = nil, plannedDurationTicks: Int64? = nil, endedBy: SpanEnd? = nil,
                parent: Int? = nil, outSection: [UInt8] = [], inSection: [UInt8]? = nil) {
        self.serial = serial
        self.kind = kind
        self.eventID = eventID
        self.signalName = signalName
        self.startTicks = startTicks
        self.endTicks = endTicks
        self.plannedDurationTicks = plannedDurationTicks
        self.endedBy = endedBy
        self.parent = parent
        self.outSection = outSection
        self.inSection = inSection
    }

    public var durationTicks: Int64? { endTicks.map { $0 - startTicks } }
}
