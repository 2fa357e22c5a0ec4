import Foundation

/// A segment the segmenter has closed, ready to be published.
public struct FinishedSegment: Sendable {
    public var target: OutputTarget
    /// Which video rendition of the input (0 = the first video stream).
    public var rendition: Int = 0
    /// 0-based index within its target.
    public var index: Int
    /// Start on the target's own timeline (primary: re-timed after stripped spans), unwrapped ticks.
    public var startTicks: Int64
    public var durationTicks: Int64
    /// The muxer's own buffer, handed over without a copy.
    public var bytes: Data
    /// Set when the segment went straight into its file (then `bytes` is empty).
    public var fileSize: Int? = nil
    /// The sink's spool it was written into while muxed (live into a directory; `bytes` is then
    /// empty and `fileSize` its size), for that sink to publish.
    public var spool: SegmentSpool? = nil
    /// Where it went when written by the byte-level TS path: its file and byte range there (a
    /// range of one file per output in the single-file layout, for EXT-X-BYTERANGE).
    public var written: TSWrittenSegment? = nil
    /// fMP4 init segment of its target (same bytes for every segment of a target).
    public var initSegment: Data?
    /// This segment ends its target (assets end with their span; the primary with the input).
    public var isLast: Bool
}
