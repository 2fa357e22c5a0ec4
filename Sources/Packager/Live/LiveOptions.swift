import CueDetect
import DateRangeWriter
import Foundation

/// Everything `pkgctl live` needs for one channel.
public struct LiveOptions {
    public var input: String = ""
    /// A directory, or an http(s) origin URL (PUT/DELETE).
    public var output: String = ""
    public var channel: String?
    public var segmentFormat: SegmentMuxerFormat = .ts
    /// `auto`: a TS input with one video stream, cut to TS with keyframe splices, is read and
    /// segmented at the byte level (LiveTSSource + TSSegmentAssembler); anything else, and
    /// everything with `libavformat`, through libavformat's demuxer and muxer.
    public var engine = SegmentEngine.auto
    /// The byte-level engine keeps the SCTE-35 PID in the segments (0x86 + CUEI, pts_adjustment
    /// re-timed); libavformat's TS muxer cannot write it.
    public var scte35Passthrough = true
    /// Cut target in seconds.
    public var segmentDuration: Double = 6
    /// fMP4: seconds of video per fragment (moof + mdat), several to a segment, each written into
    /// the segment's spool as it closes; nil or 0: one fragment per segment. With one, the whole
    /// segment was written and fsynced after its last packet arrived: 3 MB and 6.5 ms between a
    /// 4 Mb/s segment's end and its playlist, against about 1 s of it with 1 s fragments. An
    /// fMP4 segment of several fragments is what an LL-HLS server's parts add up to.
    public var fragmentDuration: Double? = 1
    /// Span edges at keyframes (the default: no re-encode, no added latency) or at the exact
    /// splice frame (the GOP before a signalled splice is held and re-encoded before its segment closes).
    public var splice: SpliceMode = .keyframe
    /// EXT-X-TARGETDURATION fixed by the operator (`--target-duration`); nil: the rounded cut
    /// target, raised before the first playlist if the input's GOP does not fit it.
    public var fixedTargetDuration: Int?
    public var windowSegments: Int?
    public var windowSeconds: Double? = 60
    /// EVENT playlist (keep everything, PLAYLIST-TYPE:EVENT) instead of a sliding window.
    public var event = false
    /// Pace a file input by its timestamps (a rehearsal of a live feed).
    public var realtime = false
    public var speed: Double = 1
    public var loop = false
    /// How long a lost input is retried before pkgctl gives up (seconds).
    public var inputTimeout: Double = 30
    /// Extra seconds a removed segment stays on the origin beyond the spec's availability time.
    public var keepExtra: Double = 10
    public var endlistOnExit = false
    public var metricsFile: URL?
    /// Where the restart state lives; defaults to the output directory for file output.
    public var stateDirectory: URL?
    public var resetState = false
    /// Whether published files and the state are fsynced (survive a power cut) or left to the
    /// kernel's write-back (survive pkgctl's own crash only; no disk wait per segment).
    public var durability = PublishDurability.power
    /// An http(s) output's request headers, timeout and retry time (`output.http`).
    public var http = HTTPSinkOptions()
    public var defaultPlacement: Placement = .overlay
    public var placementByKind: [SpanKind: Placement] = [:]
    /// Absolute base of asset URIs (the default suits `python3 -m http.server 8000` in the output).
    public var assetBaseURL = URL(string: "http://127.0.0.1:8000/")
    public var classifier = SpanClassifier.standard
    /// What ends a span whose end cue never comes.
    public var lostCues = LostCueRules.standard
    public var policy = InterstitialPolicy.standard
    /// libavformat protocol options for the input (e.g. `timeout`, `fifo_size`).
    public var inputOptions: [String: String] = [:]
    /// A cue sheet applied beside the in-band cues, re-applied to each epoch (a looped file
    /// restarts its timestamps, and the sheet's PTS refer to the input's own timeline).
    public var sidecar: URL?

    /// How far ahead of its START-DATE (measured from the end of the last listed segment) an
    /// interstitial filled by an ad server is announced. 0, the default, announces in the first
    /// playlist version that lists the segment starting at START-DATE: any lead froze hls.js
    /// 1.6.16 viewers near the edge (docs/interop.md). The ad server is still asked early:
    /// players fetch X-ASSET-LIST as soon as the tag is listed, well ahead of their playhead.
    public var announceLead: Double = 0
    /// The first playlist version waits until it lists this many target durations (unless the
    /// channel ends first): hls.js joining a 2-target playlist froze at its end.
    public var minStartSegments = 3
    public var legacyDialects: [LegacyCueDialect] = []
    /// Stitched HLS inputs (`--input-hls`, or a playlist given with -i): rules and overrides.
    public var stitched = StitchedOptions()
    /// Wall clock (one instance), or the media clock (a redundant pair; docs/redundancy.md).
    public var clock = LiveClock.wall

    public init() {}

    var placementRules: PlacementRules { PlacementRules(defaultPlacement: defaultPlacement, byKind: placementByKind) }

    /// EXT-X-TARGETDURATION until the planner fixes it when the first segment closes.
    /// Under the media clock the segment duration is the grid step and segments run up to about
    /// one and a half steps plus a GOP (CutGrid), so the target defaults to two steps.
    var targetDuration: Int {
        get {
            if let fixedTargetDuration { return fixedTargetDuration }
            if clock.isMedia { return max(1, Int((segmentDuration * 2).rounded(.up))) }
            return max(1, Int(segmentDuration.rounded(.toNearestOrAwayFromZero)))
        }
        set { fixedTargetDuration = newValue }
    }

    /// The media clock's grid step in 90 kHz ticks.
    var gridStepTicks: Int64 { Int64((segmentDuration * 90_000).rounded()) }

    public var isHTTPOutput: Bool { BaseURL.isHTTP(output) }

    /// Searched byte by byte: the live tick asks it four times a second
    /// (`LivePresentation.availabilityClock`), and the library searches cost more than the rest of
    /// the tick. With Foundation imported, `String.contains` resolves to its CFString search (1.8 %
    /// of a UDP channel's perf samples at real time), and `utf8.firstRange(of:)` to
    /// _StringProcessing's generic one (3.6 %, 194 samples at 20 kHz in 40 s for 160–320 calls: 30–60
    /// µs a call; 2026-12-07).
    var isFileInput: Bool {
        guard input != "-", !input.hasPrefix("pipe:") else { return false }
        let (colon, slash) = (UInt8(ascii: ":"), UInt8(ascii: "/"))
        var (beforeLast, last): (UInt8, UInt8) = (0, 0)
        for byte in input.utf8 {
            if byte == slash, last == slash, beforeLast == colon { return false }
            (beforeLast, last) = (last, byte)
        }
        return true
    }
}
