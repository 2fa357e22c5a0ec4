@testable import CueDetect
import Foundation
import Primitives
import XCTest

/// The stitched analysis on synthetic segments (pure): timestamps, codec parameters, every cue
/// dialect, pods, rules and overrides, and the refusals — exact values, no media.
final class StitchedAnalyzerTests: XCTestCase {
    private static let hd = MediaSignature(videoCodec: "h264", width: 1280, height: 720, frameRate: 30,
                                           audio: [.init(codec: "aac", sampleRate: 48000, channels: 2)])
    private static let sd = MediaSignature(videoCodec: "h264", width: 640, height: 360, frameRate: 30,
                                           audio: [.init(codec: "aac", sampleRate: 48000, channels: 2)])
    private func t(_ s: Double) -> Int64 { ProgramClock.ticks(seconds: s) }

    /// Runs of 2 s segments: (own first PTS in seconds, seconds, signature), a discontinuity before each run but the first.
    private func segments(_ runs: [(pts: Double, seconds: Int, signature: MediaSignature)], discontinuities: Bool = true) -> [StitchedSegment] {
        var out: [StitchedSegment] = []
        for (r, run) in runs.enumerated() {
            for k in 0..<(run.seconds / 2) {
                let first = t(run.pts + Double(2 * k))
                out.append(StitchedSegment(index: out.count, line: 10 + 2 * out.count, uri: "s\(out.count).ts", extinfTicks: t(2),
                                           discontinuity: discontinuities && r > 0 && k == 0, newMap: false, firstVideoTicks: first,
                                           endVideoTicks: first + t(2), signature: run.signature,
                                           programDateTimeMillis: 1_000_000 + Int64(out.count) * 2000))
            }
        }
        return out
    }

    private func kinds(_ layout: StitchedLayout) -> [String] {
        layout.spans.map { "\($0.kind.rawValue) \(Double($0.startTicks - layout.runs[0].startTicks) / 90_000)–\(Double($0.endTicks - layout.runs[0].startTicks) / 90_000)" }
    }

    // MARK: media

    func testTimestampsThatLeaveTheContentLineMarkInsertedSpans() throws {
        let layout = try StitchedAnalyzer().analyze(segments: segments([(5000, 10, Self.hd), (10, 40, Self.hd), (1, 16, Self.hd),
                                                                        (50, 40, Self.hd)]), marks: [])
        XCTAssertEqual(kinds(layout), ["recap 0.0–10.0", "content 10.0–50.0", "ad 50.0–66.0", "content 66.0–106.0"])
        XCTAssertEqual(layout.contentLine.runs, [1, 3])
        XCTAssertEqual(layout.contentTicks, t(80))
    }

    func testContentAdvancedByTheBreakLengthStillContinuesTheLine() throws {
        // A replacement: the content's timestamps ran on under the 16 s break.
        let layout = try StitchedAnalyzer().analyze(segments: segments([(10, 20, Self.hd), (1, 16, Self.hd), (46, 20, Self.hd)]), marks: [])
        XCTAssertEqual(kinds(layout), ["content 0.0–20.0", "ad 20.0–36.0", "content 36.0–56.0"])
    }

    func testCodecParametersTellTheSpansApartWhenEveryRunRestartsItsTimestamps() throws {
        let layout = try StitchedAnalyzer().analyze(segments: segments([(0, 20, Self.hd), (0, 10, Self.sd), (0, 20, Self.hd)]), marks: [])
        XCTAssertEqual(kinds(layout), ["content 0.0–20.0", "ad 20.0–30.0", "content 30.0–50.0"])
        XCTAssertEqual(layout.spans[1].reasons.first,
                       "it starts at EXT-X-DISCONTINUITY (line 30) and timestamps jump from 20.000 s to 0.000 s and media changes: "
                       + "640x360 instead of 1280x720; its media differs from the content's: 640x360 instead of 1280x720")
        XCTAssertEqual(layout.notes, ["no two runs continue each other's timestamps, so the timestamps do not tell content from "
                                      + "inserted spans; codec parameters, cue tags and the override file do"])
    }

    func testAFrameRateOrAudioLayoutChangeSetsARunApart() throws {
        let fps25 = MediaSignature(videoCodec: "h264", width: 1280, height: 720, frameRate: 25, audio: Self.hd.audio)
        let mono = MediaSignature(videoCodec: "h264", width: 1280, height: 720, frameRate: 30,
                                  audio: [.init(codec: "aac", sampleRate: 44100, channels: 1)])
        let layout = try StitchedAnalyzer().analyze(segments: segments([(0, 20, Self.hd), (0, 4, fps25), (0, 20, Self.hd),
                                                                        (0, 4, mono), (0, 20, Self.hd)]), marks: [])
        XCTAssertEqual(layout.spans.map(\.kind), [.content, .ad, .content, .ad, .content])
        XCTAssertTrue(layout.spans[1].reasons[0].hasSuffix("its media differs from the content's: 25 fps instead of 30"),
                      layout.spans[1].reasons[0])
        XCTAssertTrue(layout.spans[3].reasons[0].hasSuffix("audio aac 44100 Hz 1 ch instead of aac 48000 Hz 2 ch"),
                      layout.spans[3].reasons[0])
    }

    func testNothingThatSetsARunApartFindsNoSpan() throws {
        let layout = try StitchedAnalyzer().analyze(segments: segments([(0, 20, Self.hd), (0, 10, Self.hd)]), marks: [])
        XCTAssertEqual(layout.inserted, [])
    }

    func testConsecutiveAdsFormOnePodWithItsOwnTrackerIndex() throws {
        let layout = try StitchedAnalyzer().analyze(segments: segments([(10, 20, Self.hd), (1, 4, Self.hd), (1, 6, Self.sd),
                                                                        (30, 20, Self.hd)]), marks: [])
        XCTAssertEqual(layout.pods, [StitchedPod(index: 4, members: [1, 2], startTicks: layout.spans[1].startTicks,
                                                 endTicks: layout.spans[2].endTicks, reason: "2 ads back to back (spans 1–2)")])
        let phases = layout.cuePoints.map { "\($0.signal.phase.rawValue) \($0.signal.index)\($0.signal.isContainer ? " pod" : "")" }
        XCTAssertEqual(phases, ["start 4 pod", "start 1", "end 1", "start 2", "end 2", "end 4 pod"])
    }

    // MARK: cue dialects on a stretch the media does not set apart

    /// 30 s of content in one run; the tags alone mark 10–20 s.
    private func tagged(_ tags: [(segment: Int, tag: String, value: String)], classifier: SpanClassifier = .standard) throws -> StitchedLayout {
        let segs = segments([(10, 30, Self.hd)])
        let reader = CueTagReader(classifier: classifier)
        let marks = try tags.flatMap { try reader.marks(tag: $0.tag, value: $0.value, line: 100 + $0.segment, segment: $0.segment) }
        return try StitchedAnalyzer().analyze(segments: segs, marks: marks)
    }

    private func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
    private func date(_ millis: Int64) -> String { ISO8601Text.format(millis: millis) }
    private var out: [UInt8] { SCTE35Encoder.spliceInsert(eventID: 7, out: true, pts: nil, breakDurationTicks: 900_000) }
    private var back: [UInt8] { SCTE35Encoder.spliceInsert(eventID: 7, out: false, pts: nil) }

    func testEveryDialectMarksTheSameTenSecondAd() throws {
        let cases: [(String, [(Int, String, String)])] = [
            ("CUE-OUT/CUE-IN", [(5, "EXT-X-CUE-OUT", "10"), (6, "EXT-X-CUE-OUT-CONT", "2/10"), (10, "EXT-X-CUE-IN", "")]),
            ("CUE-OUT duration only", [(5, "EXT-X-CUE-OUT", "DURATION=10")]),
            ("EXT-X-SCTE35", [(5, "EXT-X-SCTE35", "CUE=\"\(base64(out))\",CUE-OUT=YES"), (10, "EXT-X-SCTE35", "CUE=\"\(base64(back))\",CUE-IN=YES")]),
            ("OATCLS", [(5, "EXT-OATCLS-SCTE35", base64(out)), (10, "EXT-OATCLS-SCTE35", base64(back))]),
            ("SPLICEPOINT", [(5, "EXT-X-SPLICEPOINT-SCTE35", base64(out))]),
            ("DATERANGE", [(5, "EXT-X-DATERANGE", "ID=\"a\",START-DATE=\"\(date(1_010_000))\",PLANNED-DURATION=10,SCTE35-OUT=\(HexText.upper(out))"),
                           (10, "EXT-X-DATERANGE", "ID=\"a\",START-DATE=\"\(date(1_010_000))\",DURATION=10,SCTE35-IN=\(HexText.upper(back))")]),
            ("EXT-X-ASSET with CUE-OUT", [(5, "EXT-X-CUE-OUT", "10"), (5, "EXT-X-ASSET", "CAID=0x0001"), (10, "EXT-X-CUE-IN", "")]),
        ]
        for (name, tags) in cases {
            let layout = try tagged(tags.map { (segment: $0.0, tag: $0.1, value: $0.2) })
            XCTAssertEqual(kinds(layout), ["content 0.0–10.0", "ad 10.0–20.0", "content 20.0–30.0"], name)
            XCTAssertTrue(layout.spans[1].reasons[0].hasPrefix("marked by line 105 #\(tags[0].1)"), "\(name): \(layout.spans[1].reasons)")
        }
    }

    func testCueOutOverTwoRunsIsAPodOfTwoAds() throws {
        let segs = segments([(10, 10, Self.hd), (1, 4, Self.hd), (1, 6, Self.hd), (20, 10, Self.hd)])
        let marks = try CueTagReader().marks(tag: "EXT-X-CUE-OUT", value: "DURATION=10", line: 50, segment: 5)
            + CueTagReader().marks(tag: "EXT-X-CUE-IN", value: "", line: 60, segment: 10)
        let layout = try StitchedAnalyzer().analyze(segments: segs, marks: marks)
        XCTAssertEqual(kinds(layout), ["content 0.0–10.0", "ad 10.0–14.0", "ad 14.0–20.0", "content 20.0–30.0"])
        XCTAssertEqual(layout.pods.map(\.members), [[1, 2]])
        XCTAssertEqual(layout.pods[0].reason, "marked by line 50 #EXT-X-CUE-OUT:DURATION=10, ended by line 60 #EXT-X-CUE-IN, which holds 2 ads")
    }

    func testASegmentationChapterWithAProgrammeRecapUPIDIsARecap() throws {
        let chapter = SCTE35Encoder.timeSignal(pts: nil, segmentations: [
            .init(eventID: 9, typeID: 0x20, durationTicks: 900_000, upidType: 0x11, upid: Array("type=PR".utf8))])
        let layout = try tagged([(5, "EXT-X-DATERANGE", "ID=\"r\",START-DATE=\"\(date(1_010_000))\",DURATION=10,SCTE35-CMD=\(HexText.upper(chapter))")])
        XCTAssertEqual(kinds(layout), ["content 0.0–10.0", "recap 10.0–20.0", "content 20.0–30.0"])
        XCTAssertEqual(layout.spans[1].reasons.last, "kind recap: its SCTE-35 says so")
    }

    func testDialectsThatDisagreeAreRefusedNamingBothLines() throws {
        XCTAssertThrowsError(try tagged([(5, "EXT-X-CUE-OUT", "10"), (5, "EXT-OATCLS-SCTE35",
                                          base64(SCTE35Encoder.spliceInsert(eventID: 7, out: true, pts: nil, breakDurationTicks: 360_000)))])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .contradiction(
                line: 105, tag: "#EXT-OATCLS-SCTE35:" + base64(SCTE35Encoder.spliceInsert(eventID: 7, out: true, pts: nil, breakDurationTicks: 360_000)),
                otherLine: 105, otherTag: "#EXT-X-CUE-OUT:10",
                reason: "EXT-OATCLS-SCTE35 marks 10.000–14.000 s against EXT-X-CUE-OUT marks 10.000–20.000 s"))
        }
    }

    func testUnpairedAndMalformedTagsAreRefusedWithTheirLine() throws {
        XCTAssertThrowsError(try tagged([(5, "EXT-X-CUE-OUT", "")])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .unpaired(line: 105, tag: "#EXT-X-CUE-OUT",
                                                                   reason: "opens a span that nothing ends and that has no duration"))
        }
        XCTAssertThrowsError(try tagged([(5, "EXT-X-CUE-IN", "")])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .unpaired(line: 105, tag: "#EXT-X-CUE-IN", reason: "ends a span that nothing opened"))
        }
        var bad = out
        bad[bad.count - 1] ^= 0xFF
        XCTAssertThrowsError(try tagged([(5, "EXT-OATCLS-SCTE35", base64(bad))])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .malformedTag(line: 105, tag: "EXT-OATCLS-SCTE35",
                                                                       reason: "its splice_info_section fails the CRC_32 check"))
        }
        XCTAssertThrowsError(try tagged([(5, "EXT-X-DATERANGE", "ID=\"a\",SCTE35-OUT=0xFC")])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .malformedTag(line: 105, tag: "EXT-X-DATERANGE",
                                                                       reason: "START-DATE is required with SCTE35-OUT"))
        }
    }

    // MARK: rules and overrides

    func testConfiguredRulesDecideUntaggedKinds() throws {
        let segs = segments([(5000, 6, Self.hd), (10, 20, Self.hd), (1, 4, Self.hd), (30, 20, Self.hd), (1, 60, Self.hd)])
        let rules = StitchedRules(rules: [.init(kind: .notice, position: .pre, maxSeconds: 6),
                                          .init(kind: .content, minSeconds: 30), .init(kind: .ad)])
        let layout = try StitchedAnalyzer(rules: rules).analyze(segments: segs, marks: [])
        XCTAssertEqual(layout.spans.map(\.kind), [.notice, .content, .ad, .content, .content])
        XCTAssertEqual(layout.spans[4].reasons.last, "kind content: rule 2 of the stitched rules, content (≥ 30 s)")
    }

    func testOverridesHaveTheLastWordByIndexAndByTimeRange() throws {
        let overrides = try SpanOverride.parse(Data(#"{"spans": [{"index": 2, "kind": "recap"}, {"start": 24, "end": 30, "kind": "notice"}]}"#.utf8))
        let segs = segments([(10, 10, Self.hd), (1, 4, Self.hd), (1, 4, Self.hd), (20, 16, Self.hd)])
        let layout = try StitchedAnalyzer(overrides: overrides).analyze(segments: segs, marks: [])
        XCTAssertEqual(kinds(layout), ["content 0.0–10.0", "ad 10.0–14.0", "recap 14.0–18.0", "content 18.0–24.0", "notice 24.0–30.0",
                                       "content 30.0–34.0"])
        XCTAssertEqual(layout.spans[2].reasons.last, "kind recap: override entry 0 (span 2)")
        XCTAssertEqual(layout.spans[4].reasons.last, "kind notice: override entry 1 (time range)")
        XCTAssertThrowsError(try StitchedAnalyzer(overrides: [SpanOverride(entry: 0, target: .index(9), kind: .ad)])
            .analyze(segments: segs, marks: [])) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .override(entry: 0, reason: "span 9 does not exist (the presentation has spans 0–3)"))
        }
        XCTAssertThrowsError(try SpanOverride.parse(Data(#"[{"index": 1, "kind": "break"}]"#.utf8))) {
            XCTAssertEqual($0 as? StitchedAnalysisError, .override(entry: 0, reason: "kind must be one of content, ad, recap, notice"))
        }
    }

    // MARK: through the tracker and router

    func testCuePointsOpenAPodAndNestItsAdsInTheSpanTracker() throws {
        let layout = try StitchedAnalyzer().analyze(segments: segments([(10, 20, Self.hd), (1, 4, Self.hd), (1, 6, Self.sd),
                                                                        (30, 20, Self.hd)]), marks: [])
        var tracker = SpanTracker()
        var events: [SpanEvent] = []
        for point in layout.cuePoints {
            events += tracker.ingest(TimedCue(spliceTicks: point.ticks, arrivalTicks: point.ticks, signal: .stitched(point.signal),
                                              origin: .playlist(line: point.line), section: point.section))
        }
        let summary = events.map { e -> String in
            let s = e.span
            switch e {
            case .opened: return "open \(s.serial) \(s.kind.rawValue) parent \(s.parent.map(String.init) ?? "-")"
            case .closed: return "close \(s.serial) \((s.endTicks ?? 0) - s.startTicks)"
            case .cancelled: return "cancel \(s.serial)"
            }
        }
        XCTAssertEqual(summary, ["open 1 ad parent -", "open 2 ad parent 1", "close 2 360000", "open 3 ad parent 1",
                                 "close 3 540000", "close 1 900000"])
        XCTAssertEqual(events.map(\.span.signalName), Array(repeating: "stitched", count: 6))
    }
}
