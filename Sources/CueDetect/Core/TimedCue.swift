/// Where a cue came from: the in-band PID, a sidecar cue sheet line, a container chapter.
public enum CueOrigin: Equatable, Sendable, Codable {
    case transportStream(pid: Int)
    case sidecar(line: Int)
    case chapter(index: Int)
    /// A tag (or the media structure) of a stitched HLS playlist, at this line.
    case playlist(line: Int)
}

/// A cue as the SpanTracker sees it: what it signals, and when (already resolved to
/// unwrapped 90 kHz program time). Decoding (SCTE-35, sidecar, chapters) and timing
/// (splice_immediate, 33-bit unwrap) are done before this point, so the tracker is pure
/// bookkeeping and works the same in live and batch mode.
public struct TimedCue: Equatable, Sendable {
    /// When the splice takes effect, unwrapped 90 kHz ticks.
    public var spliceTicks: Int64
    /// When the cue arrived (last PCR before it), unwrapped ticks; nil if unknown.
    public var arrivalTicks: Int64?
    public var signal: CueSignal
    public var origin: CueOrigin
    /// The whole splice_info_section (table_id … CRC_32), for SCTE35-OUT/IN; empty for chapters.
    public var section: [UInt8]

    public init(spliceTicks: Int64, arrivalTicks: Int64?, signal: CueSignal, origin: CueOrigin, section: [UInt8]) {
        self.spliceTicks = spliceTicks
        self.arrivalTicks = arrivalTicks
        self.signal = signal
        self.origin = origin
        self.section = section
    }
}

/// The part of a cue that decides spans, independent of the wire format.
public enum CueSignal: Equatable, Sendable {
    /// splice_null: a heartbeat; counted, never a span.
    case heartbeat
    case spliceInsert(SpliceInsertSignal)
    /// time_signal with zero or more segmentation descriptors.
    case segmentation([SegmentationSignal])
    /// A container chapter: start and end are both known at once.
    case chapter(ChapterSignal)
    /// A span of a stitched presentation (SSAI), found from its playlist and media.
    case stitched(StitchedSpanSignal)
    /// Any other command (splice_schedule, bandwidth_reservation, private_command, encrypted…).
    case other(command: String)
}

public struct SpliceInsertSignal: Equatable, Sendable {
    public var eventID: UInt32
    public var cancel: Bool
    public var outOfNetwork: Bool
    public var immediate: Bool
    /// break_duration in ticks, if signalled.
    public var breakDurationTicks: Int64?
    public var autoReturn: Bool

    public init(eventID: UInt32, cancel: Bool, outOfNetwork: Bool, immediate: Bool,
                breakDurationTicks: Int64?, autoReturn: Bool) {
        self.eventID = eventID
        self.cancel = cancel
        self.outOfNetwork = outOfNetwork
        self.immediate = immediate
        self.breakDurationTicks = breakDurationTicks
        self.autoReturn = autoReturn
    }
}

public struct SegmentationSignal: Equatable, Sendable {
    public var eventID: UInt32
    public var cancel: Bool
    /// segmentation_type_id (0 when cancelled: a cancel need not repeat it).
    public var typeID: UInt8
    public var durationTicks: Int64?
    public var upidType: UInt8
    /// The UPID as text (ASCII for text UPIDs, `0x…` hex otherwise; MID as `;`-joined parts).
    public var upid: String
    /// For SCR UPIDs (0x11): the value of its `type=` key, e.g. `PR` for a programme recap.
    public var scrType: String?

    public init(eventID: UInt32, cancel: Bool, typeID: UInt8, durationTicks: Int64?,
                upidType: UInt8, upid: String, scrType: String?) {
        self.eventID = eventID
        self.cancel = cancel
        self.typeID = typeID
        self.durationTicks = durationTicks
        self.upidType = upidType
        self.upid = upid
        self.scrType = scrType
    }
}

public struct ChapterSignal: Equatable, Sendable {
    public var index: Int
    public var title: String
    public var endTicks: Int64

    public init(index: Int, title: String, endTicks: Int64) {
        self.index = index
        self.title = title
        self.endTicks = endTicks
    }
}
