/// A cue found in a source, with everything `pkgctl cues` reports and the SpanTracker needs.
public struct DetectedCue: Sendable {
    public var origin: CueOrigin
    /// The raw section bytes, table_id through CRC_32.
    public var bytes: [UInt8]
    /// nil when the section could not be decoded (`decodeError` says why).
    public var section: SpliceInfoSection?
    public var decodeError: String?
    /// Arrival: last PCR base before the section (33-bit), as FFmpeg stamps scte_35 packets.
    public var arrivalPTS: UInt64?
    /// splice_time after pts_adjustment (33-bit); nil when the command carries no time.
    public var splicePTS: UInt64?
    /// When the splice takes effect, unwrapped 90 kHz ticks: splicePTS placed near the stream's
    /// current time, or, for commands without a time, the first video access unit after arrival.
    public var effectiveTicks: Int64?
    public var arrivalTicks: Int64?
    /// Set for container chapters, which carry no SCTE-35 section.
    public var chapter: ChapterSignal?
    /// Set for the spans of a stitched presentation, which carry no section of their own.
    public var stitched: StitchedSpanSignal?

    public init(origin: CueOrigin, bytes: [UInt8], section: SpliceInfoSection?, decodeError: String?,
                arrivalPTS: UInt64?, splicePTS: UInt64?, effectiveTicks: Int64?, arrivalTicks: Int64?,
                chapter: ChapterSignal?) {
        self.origin = origin
        self.bytes = bytes
        self.section = section
        self.decodeError = decodeError
        self.arrivalPTS = arrivalPTS
        self.splicePTS = splicePTS
        self.effectiveTicks = effectiveTicks
        self.arrivalTicks = arrivalTicks
        self.chapter = chapter
    }

    /// The cue in the form the SpanTracker consumes; nil for undecodable or bad-CRC sections
    /// (reported, never trusted) and for cues whose time could not be resolved.
    public var timedCue: TimedCue? {
        if let stitched, let effectiveTicks {
            return TimedCue(spliceTicks: effectiveTicks, arrivalTicks: arrivalTicks, signal: .stitched(stitched),
                            origin: origin, section: bytes)
        }
        if let chapter, let effectiveTicks {
            return TimedCue(spliceTicks: effectiveTicks, arrivalTicks: arrivalTicks, signal: .chapter(chapter),
                            origin: origin, section: [])
        }
        guard let section, section.crcOK, let effectiveTicks else { return nil }
        return TimedCue(spliceTicks: effectiveTicks, arrivalTicks: arrivalTicks, signal: section.cueSignal,
                        origin: origin, section: bytes)
    }

    public var commandName: String {
        if stitched != nil { return "stitched" }
        return chapter != nil ? "chapter" : section?.commandName ?? "invalid"
    }
}
