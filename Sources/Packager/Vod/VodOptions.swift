import CueDetect
import DateRangeWriter
import Foundation

/// Everything `pkgctl vod` needs, after the pipeline configuration and CLI flags are merged.
public struct VodOptions {
    public var segmentFormat: SegmentMuxerFormat = .ts
    public var segmentDuration: Double = 6
    /// Placement per span kind; kinds not listed use `defaultPlacement`.
    public var defaultPlacement: Placement = .strip
    public var placementByKind: [SpanKind: Placement] = [:]
    /// Asset URIs must be absolute (HLS Interstitials); this prefix is joined with the output's
    /// relative layout. The default suits `python3 -m http.server 8000` run in the output dir.
    public var assetBaseURL = URL(string: "http://127.0.0.1:8000/")
    /// PDT of the first primary frame; nil = the input's `creation_time`, else `fallbackStartDate`.
    public var startDate: Date?
    /// Seconds before the primary's end within which an overlay interstitial resumes by
    /// X-PLAYOUT-LIMIT instead of X-RESUME-OFFSET; nil: hls.js's forward buffer (`TailResumeRule`).
    public var tailResumeHorizon: Double?
    public var sidecar: URL?
    public var chapters = false
    public var classifier = SpanClassifier.standard
    /// What ends a span whose end cue never comes.
    public var lostCues = LostCueRules.standard
    public var policy = InterstitialPolicy.standard
    public var legacyDialects: [LegacyCueDialect] = []
    /// How segments are made: `auto` cuts a TS input's own packets for TS output (no demux or
    /// remux; every PID kept), muxes a TS input's H.264 and AAC into fMP4 with pkgctl's own
    /// muxer (`FragmentedMP4Muxer`), and uses libavformat otherwise (fMP4 fragments after the
    /// first by `FragmentWriter`); `libavformat` always demuxes and muxes, every fragment by its
    /// mp4 muxer.
    public var engine: SegmentEngine = .auto
    /// TS output keeps the input's SCTE-35 PID (0x86 + CUEI, pts_adjustment re-timed); the byte-
    /// level path only — libavformat 5.1 cannot write SCTE-35.
    public var scte35Passthrough = true
    /// Span edges at the exact splice frame (the partial GOP re-encoded) or at keyframes.
    public var splice: SpliceMode = .accurate
    /// One file per rendition and per asset (`media.ts` / `media.mp4`, the fMP4 init section at
    /// its start), each segment an EXT-X-BYTERANGE of it, as FFmpeg's `hls_flags single_file`
    /// and Shaka Packager write: fewer objects on an origin, the same bytes.
    public var singleFile = false
    /// Stitched HLS inputs: classification rules, overrides, no-span policy, coordinator ranges.
    public var stitched = StitchedOptions()
    /// Called on the reading thread whenever the read moved on (more bytes, or more media), for
    /// a progress display; must be quick and thread-safe.
    public var progress: ((InputProgress) -> Void)?

    /// Documented default PDT when neither `--start-date` nor the input gives one.
    public static let fallbackStartDate = Date(timeIntervalSince1970: 946_684_800)
    /// `fallbackStartDate` as help prints it: a literal, because an ISO8601DateFormatter made for
    /// help text cost a millisecond of every command's start (VodConfigurationTests checks the two agree).
    public static let fallbackStartDateText = "2000-01-01T00:00:00Z"

    public init() {}

    var placementRules: PlacementRules { PlacementRules(defaultPlacement: defaultPlacement, byKind: placementByKind) }
}

public enum SegmentEngine: String, Codable, Sendable, CaseIterable {
    case auto, libavformat
}

/// Segment container choice as the configuration and CLI spell it.
public enum SegmentMuxerFormat: String, Codable, Sendable, CaseIterable {
    case ts, fmp4

    var muxerFormat: SegmentMuxer.Format { self == .ts ? .ts : .fmp4 }
    var segmentExtension: String { self == .ts ? "ts" : "m4s" }
}
