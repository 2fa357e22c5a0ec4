/// The cue-tag dialects a stitched playlist may carry (and in-band SCTE-35 in its segments).
/// Each is paired on its own; where several mark the same stretch they must agree.
public enum CueDialect: String, Equatable, Hashable, Sendable, CaseIterable {
    case cueOut = "EXT-X-CUE-OUT"
    case dateRange = "EXT-X-DATERANGE"
    case oatcls = "EXT-OATCLS-SCTE35"
    case scte35 = "EXT-X-SCTE35"
    case asset = "EXT-X-ASSET"
    case splicePoint = "EXT-X-SPLICEPOINT-SCTE35"
    case inBand = "in-band SCTE-35"
}

/// One cue tag (or in-band cue), read: which edge of a span it marks, where, and what it says
/// about the span's kind and length.
public struct CueMark: Equatable, Sendable {
    public enum Edge: String, Equatable, Sendable {
        /// A span starts (CUE-OUT, SCTE35-OUT, splice_insert out, a segmentation start).
        case out
        /// A span ends.
        case `in`
        /// Inside a span that started earlier (CUE-OUT-CONT, CUE-OUT=CONT).
        case cont
        /// Names the ad that starts here (EXT-X-ASSET), without edges of its own.
        case asset
        /// Withdraws the span with the same id (splice_event_cancel_indicator).
        case cancel
    }

    public enum Position: Equatable, Sendable {
        /// At the start of this segment (tags written before its URI).
        case segment(Int)
        /// At this date (EXT-X-DATERANGE), ms since 1970.
        case date(millis: Int64)
        /// At this PTS in the timestamps of this segment (in-band splice times), 90 kHz.
        case media(ticks: Int64, segment: Int)
    }

    public var dialect: CueDialect
    public var edge: Edge
    public var position: Position
    /// Playlist line of the tag (for in-band cues, the line of the segment that carries it).
    public var line: Int
    /// The tag as written (shortened), for messages.
    public var text: String
    public var durationTicks: Int64?
    /// What the tag's SCTE-35 says the span is; nil when it does not say (an ad by default).
    public var kind: SpanKind?
    /// A segmentation start that holds others (a break, an ad block).
    public var isContainer: Bool
    /// Pairs an in with its out where the dialect has ids (DATERANGE ID, splice_event_id).
    public var id: String?
    /// The splice_info_section the tag carried, for SCTE35-OUT/IN on the interstitial.
    public var section: [UInt8]

    public init(dialect: CueDialect, edge: Edge, position: Position, line: Int, text: String,
                durationTicks: Int64? = nil, kind: SpanKind? = nil, isContainer: Bool = false, id: String? = nil,
                section: [UInt8] = []) {
        self.dialect = dialect
        self.edge = edge
        self.position = position
        self.line = line
        self.text = text
        self.durationTicks = durationTicks
        self.kind = kind
        self.isContainer = isContainer
        self.id = id
        self.section = section
    }

    /// `line N: TEXT`, as messages name a mark.
    public var label: String { "line \(line) \(text)" }
}
