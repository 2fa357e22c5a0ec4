import CueDetect
import XCTest
@testable import Packager

final class CueScanTests: XCTestCase {
    private var tmp: URL!

    override func setUpWithError() throws { tmp = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: tmp) }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = tmp.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func spanSummary(_ r: CueScanResult) -> [String] {
        r.spans.map { s in
            let t0 = r.t0 ?? 0
            let end = s.endTicks.map { String(Double($0 - t0) / 90_000) } ?? "open"
            return "\(s.kind.rawValue) \(Double(s.startTicks - t0) / 90_000)-\(end) \(s.endedBy?.rawValue ?? "-") #\(s.eventID)"
        }
    }

    private func times(_ r: CueScanResult) -> [Double?] {
        r.cues.map { c in c.effectiveTicks.map { Double($0 - (r.t0 ?? 0)) / 90_000 } }
    }

    func testLiveSampleCuesTakeEffectWhereThreefiveSays() throws {
        let r = try CueScan.run(input: TestMedia.liveTS.path)
        let truth = try XCTUnwrap(try TestMedia.json("live_scte35.cues.json")["cues"] as? [[String: Any]])
        XCTAssertEqual(r.t0, 324_126_000)
        XCTAssertEqual(r.cues.count, truth.count)
        for (cue, expected) in zip(r.cues, truth) {
            let arrival = try XCTUnwrap(expected["arrival"] as? [String: Any])
            // Timed cues take effect at their splice time; untimed ones at the next video frame.
            let t = expected["t"] as? Double ?? arrival["next_video_pes_t"] as? Double
            XCTAssertEqual(cue.effectiveTicks.map { Double($0 - 324_126_000) / 90_000 }, t, "cue \(expected["index"] ?? "?")")
            XCTAssertEqual(cue.splicePTS.map(Int.init), expected["effective_pts_ticks"] as? Int)
        }
        XCTAssertEqual(r.reconcile.confirmed, 10, "libavformat delivers the same 10 sections")
    }

    func testLiveSampleYieldsRecapAdAndPlacementSpansAndDropsTheCancelledBreak() throws {
        let r = try CueScan.run(input: TestMedia.liveTS.path)
        XCTAssertEqual(spanSummary(r), ["recap 2.0-12.0 in_cue #2001", "ad 30.0-60.0 in_cue #1001", "ad 90.0-110.0 in_cue #3001"])
        XCTAssertEqual(r.withdrawnSpans.map(\.eventID), [1002])
        XCTAssertEqual(r.tracker.heartbeats, 2)
    }

    func testStitchedSampleYieldsBothAdBreaks() throws {
        let r = try CueScan.run(input: TestMedia.stitchedTS.path)
        XCTAssertEqual(r.t0, 1_800_126_000)
        XCTAssertEqual(spanSummary(r), ["ad 50.0-65.0 in_cue #1101", "ad 105.0-135.0 in_cue #1102"])
    }

    func testCUEIRegistrationOnlyInTheESLoopGivesTheSameCues() throws {
        let original = try CueScan.run(input: TestMedia.liveTS.path)
        let rewritten = PMTRewriter.rewrite(try TestMedia.bytes(TestMedia.liveTS), pmtPID: 4096) { _, table in
            table.programDescriptors = []
            for i in table.streams.indices where table.streams[i].pid == 501 {
                table.streams[i].descriptors = PMTRewriter.cueiRegistration
            }
        }
        let r = try CueScan.run(input: try write(rewritten, "es-loop-cuei.ts"))
        XCTAssertEqual(r.cues.map(\.bytes), original.cues.map(\.bytes))
        XCTAssertEqual(times(r), times(original))
        XCTAssertEqual(spanSummary(r), spanSummary(original))
        XCTAssertEqual(r.reconcile.scannerOnly, 10, "FFmpeg 5.1 does not expose an ES-loop CUEI PID")
        XCTAssertEqual(r.reconcile.confirmed, 0)
    }

    func testStreamType0x86WithoutAnyRegistrationGivesTheSameCues() throws {
        let original = try CueScan.run(input: TestMedia.liveTS.path)
        let rewritten = PMTRewriter.rewrite(try TestMedia.bytes(TestMedia.liveTS), pmtPID: 4096) { _, table in
            table.programDescriptors = []
        }
        let r = try CueScan.run(input: try write(rewritten, "no-cuei.ts"))
        XCTAssertEqual(r.cues.map(\.bytes), original.cues.map(\.bytes))
        XCTAssertEqual(spanSummary(r), spanSummary(original))
        XCTAssertEqual(r.reconcile.scannerOnly, 10)
    }

    func testSCTE35PIDAddedByALaterPMTVersionIsPickedUp() throws {
        // Packets before 8000 (~t=52 s) carry a PMT without PID 501; from then on version 1 lists it.
        let switchAt = 8000
        let rewritten = PMTRewriter.rewrite(try TestMedia.bytes(TestMedia.liveTS), pmtPID: 4096, change: { index, table in
            if index < switchAt {
                table.streams.removeAll { $0.pid == 501 }
            } else {
                table.version = 1
            }
        }, dropPacket: { index, pid in index < switchAt && pid == 501 })
        let r = try CueScan.run(input: try write(rewritten, "late-pid.ts"))
        XCTAssertEqual(r.cues.map(\.commandName),
                       ["splice_insert", "time_signal", "time_signal", "splice_insert", "splice_insert", "splice_null"])
        XCTAssertEqual(spanSummary(r), ["ad 90.0-110.0 in_cue #3001"])
        XCTAssertEqual(r.tracker.unmatchedIns, 1, "the in-cue of break 1001, whose out-cue came before the PID existed")
    }

    func testSidecarCueSheetTextAndJSONGiveTheInBandSpans() throws {
        // The stitched sample without its SCTE-35 PID, plus the same cues as a cue sheet.
        let stripped = PMTRewriter.rewrite(try TestMedia.bytes(TestMedia.stitchedTS), pmtPID: 4096, change: { _, table in
            table.programDescriptors = []
            table.streams.removeAll { $0.pid == 501 }
        }, dropPacket: { _, pid in pid == 501 })
        let input = try write(stripped, "no-scte.ts")
        let truth = try XCTUnwrap(try TestMedia.json("stitched_vod.cues.json")["cues"] as? [[String: Any]])
        var text = "# pts,cue\n"
        var json: [[String: Any]] = []
        for cue in truth {
            let arrival = try XCTUnwrap((cue["arrival"] as? [String: Any])?["last_pcr_s"] as? Double)
            let b64 = try XCTUnwrap(cue["base64"] as? String)
            let hex = "0x" + (Data(base64Encoded: b64) ?? Data()).map { String(format: "%02x", $0) }.joined()
            text += "\(arrival),\(json.count % 2 == 0 ? b64 : hex)\n"
            json.append(["pts": arrival, "cue": b64])
        }
        let sheet = tmp.appendingPathComponent("cues.txt")
        try text.write(to: sheet, atomically: true, encoding: .utf8)
        let sheetJSON = tmp.appendingPathComponent("cues.json")
        try JSONSerialization.data(withJSONObject: json).write(to: sheetJSON)
        for url in [sheet, sheetJSON] {
            var options = CueScanOptions()
            options.sidecar = url
            let r = try CueScan.run(input: input, options: options)
            XCTAssertEqual(spanSummary(r), ["ad 50.0-65.0 in_cue #1101", "ad 105.0-135.0 in_cue #1102"], url.lastPathComponent)
            XCTAssertEqual(r.cues.map(\.origin), (1...4).map { CueOrigin.sidecar(line: url == sheet ? $0 + 1 : $0) })
        }
    }

    func testBadCueSheetLineIsReportedWithItsLineNumber() throws {
        let sheet = tmp.appendingPathComponent("bad.txt")
        try "10.0,/DARAAAAAAAAAP/wAAAAAHpPv/8=\n12.5,not-a-cue!\n".write(to: sheet, atomically: true, encoding: .utf8)
        var options = CueScanOptions()
        options.sidecar = sheet
        XCTAssertThrowsError(try CueScan.run(input: TestMedia.stitchedTS.path, options: options)) { error in
            XCTAssertEqual(String(describing: error), "cue sheet '\(sheet.path)' line 2: cue is neither base64 nor 0x-hex")
        }
    }

    func testUnreadableInputNamesTheFile() {
        XCTAssertThrowsError(try CueScan.run(input: "/nonexistent/input.ts")) { error in
            XCTAssertEqual(String(describing: error), "cannot open '/nonexistent/input.ts': No such file or directory")
        }
    }
}

final class ChapterCueTests: XCTestCase {
    func testChapterTitledPreviouslyBecomesARecapSpan() throws {
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let meta = tmp.appendingPathComponent("chapters.txt")
        try """
        ;FFMETADATA1
        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=4000
        title=Previously on Example
        [CHAPTER]
        TIMEBASE=1/1000
        START=4000
        END=10000
        title=Act One

        """.write(to: meta, atomically: true, encoding: .utf8)
        let mkv = tmp.appendingPathComponent("chapters.mkv")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=10", "-i", meta.path,
                           "-map_metadata", "1", "-map_chapters", "1", "-c:v", "libx264", "-g", "25", mkv.path])
        var options = CueScanOptions()
        options.chapters = true
        let r = try CueScan.run(input: mkv.path, options: options)
        XCTAssertEqual(r.cues.map(\.commandName), ["chapter", "chapter"])
        XCTAssertEqual(r.spans.count, 1)
        let span = try XCTUnwrap(r.spans.first)
        XCTAssertEqual(span.kind, .recap)
        XCTAssertEqual(span.startTicks - (r.t0 ?? 0), 0)
        XCTAssertEqual(span.durationTicks, 360_000)
    }
}
