import Foundation
import XCTest
@testable import Packager

/// What `pkgctl vod` does with inputs and cues it cannot use, and with an existing output.
final class VodBadInputTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try TestMedia.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// live_scte35.ts without its SCTE-35 PID (packets dropped, PMT entry and CUEI removed), so a
    /// sidecar is the only cue source and the media and timing are those of the sample.
    private func liveWithoutInBandCues() throws -> URL {
        let bytes = PMTRewriter.rewrite(try TestMedia.bytes(TestMedia.liveTS), pmtPID: 0x1000, change: { _, table in
            table.streams.removeAll { $0.pid == 0x1F5 }
            table.programDescriptors = []
        }, dropPacket: { _, pid in pid == 0x1F5 })
        let url = scratch.appendingPathComponent("live_no_scte.ts")
        try Data(bytes).write(to: url)
        return url
    }

    private func runWithSidecar(_ sheet: CueSheetFile, splice: SpliceMode = .accurate) throws -> (report: VodReport, json: [String: Any]) {
        let sidecar = scratch.appendingPathComponent("cues.txt")
        try sheet.write(to: sidecar)
        var options = VodOptions()
        options.sidecar = sidecar
        options.splice = splice
        let output = scratch.appendingPathComponent("out")
        let report = try VodPipeline.run(input: try liveWithoutInBandCues().path, output: output, options: options)
        let json = try XCTUnwrapDictionary(JSONSerialization.jsonObject(
            with: Data(contentsOf: output.appendingPathComponent("report.json"))))
        return (report, json)
    }

    private func spans(_ json: [String: Any]) -> [[String: Any]] { json["spans"] as? [[String: Any]] ?? [] }

    private func entries(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: unusable inputs

    func testUnreadableInputExitsOneWithOneLineNamingTheFileAndCreatesNoOutput() throws {
        let binary = TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "build pkgctl first")
        let missing = scratch.appendingPathComponent("no-such-programme.ts").path
        let output = scratch.appendingPathComponent("out")
        let run = try ToolRun.run(binary, ["vod", missing, "-o", output.path])
        XCTAssertEqual(run.status, 1)
        let lines = run.errors.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.errors)
        XCTAssertTrue(lines.first?.contains(missing) == true, run.errors)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(entries(in: scratch), [], "no output or staging directory")
    }

    func testInputWithoutVideoFailsNamingTheInput() throws {
        let audioOnly = scratch.appendingPathComponent("audio-only.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "sine=frequency=1000:duration=3", "-c:a", "aac", "-f", "mpegts",
                           audioOnly.path])
        let output = scratch.appendingPathComponent("out")
        XCTAssertThrowsError(try VodPipeline.run(input: audioOnly.path, output: output, options: VodOptions())) { error in
            guard case InputError.noVideo(let input, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(input, audioOnly.path)
            XCTAssertTrue(String(describing: error).contains(audioOnly.path), "\(error)")
            XCTAssertTrue(String(describing: error).contains("no video stream"), "\(error)")
        }
        XCTAssertEqual(entries(in: scratch), ["audio-only.ts"], "no output or staging directory")
    }

    // MARK: unusable cues

    func testSpliceAfterTheEndOfTheMediaIsSkippedWithAWarning() throws {
        var sheet = CueSheetFile(t0Ticks: VodSample.live.t0Ticks)
        sheet.splice(event: 4001, from: 30, to: 60)
        sheet.splice(event: 4002, from: 200, to: 230)        // the media ends at 180 s
        let (report, json) = try runWithSidecar(sheet)
        let list = spans(json)
        XCTAssertEqual(list.map { $0["event_id"] as? Int }, [4001, 4002])
        XCTAssertEqual(list.first?["action"] as? String, "interstitial")
        XCTAssertEqual(list.last?["action"] as? String, "skipped: span starts after the end of the media")
        XCTAssertEqual(report.warnings.count, 1, "\(report.warnings)")
        XCTAssertTrue(report.warnings.first?.contains("4002") == true, "\(report.warnings)")
        XCTAssertEqual(json["warnings"] as? [String], report.warnings)
        XCTAssertEqual(report.primaryDurationTicks, 150 * 90_000, "only the 30 s break is stripped")
    }

    /// Both with a planned duration (one without would be ended by the next out-cue of its
    /// kind, the lost-cue rule): the second starts inside the first and cannot be cut out.
    func testSecondOfTwoOverlappingBreaksIsSkippedWithAWarning() throws {
        var sheet = CueSheetFile(t0Ticks: VodSample.live.t0Ticks)
        sheet.splice(event: 4101, out: true, at: 30, duration: 30)
        sheet.splice(event: 4102, out: true, at: 40, duration: 30)
        sheet.splice(event: 4101, out: false, at: 60)
        sheet.splice(event: 4102, out: false, at: 70)
        let (report, json) = try runWithSidecar(sheet)
        let list = spans(json)
        XCTAssertEqual(list.map { $0["event_id"] as? Int }, [4101, 4102])
        XCTAssertEqual(list.first?["action"] as? String, "interstitial")
        XCTAssertEqual(list.first?["asset_duration"] as? Double, 30)
        XCTAssertEqual((list.last?["action"] as? String)?.hasPrefix("skipped: overlaps ad-4101-1"), true, "\(list.last ?? [:])")
        XCTAssertEqual(report.warnings.count, 1, "\(report.warnings)")
        XCTAssertTrue(report.warnings.first?.contains("4102") == true, "\(report.warnings)")
        XCTAssertEqual(report.primaryDurationTicks, 150 * 90_000, "only the first break is stripped")
    }

    func testSpanWithoutAKeyframeIsSkippedWithAWarningInKeyframeMode() throws {
        var sheet = CueSheetFile(t0Ticks: VodSample.live.t0Ticks)
        sheet.splice(event: 4201, from: 30.5, to: 31.5)     // IDRs at 30 and 32 s
        let (report, json) = try runWithSidecar(sheet, splice: .keyframe)
        let list = spans(json)
        XCTAssertEqual(list.map { $0["event_id"] as? Int }, [4201])
        XCTAssertEqual(list.first?["action"] as? String, "skipped: span contains no keyframe")
        XCTAssertEqual(report.warnings.count, 1, "\(report.warnings)")
        XCTAssertTrue(report.warnings.first?.contains("4201") == true, "\(report.warnings)")
        XCTAssertEqual(report.primaryDurationTicks, 180 * 90_000, "nothing is stripped")
        let playlist = try MediaPlaylistText(url: scratch.appendingPathComponent("out/primary/index.m3u8"))
        XCTAssertEqual(playlist.interstitials.count, 0)
    }

    // MARK: existing output

    func testFailedRunLeavesExistingOutputUntouched() throws {
        let output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try "keep me".write(to: output.appendingPathComponent("marker.txt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try VodPipeline.run(input: scratch.appendingPathComponent("missing.ts").path,
                                                 output: output, options: VodOptions()))
        XCTAssertEqual(entries(in: output), ["marker.txt"])
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("marker.txt"), encoding: .utf8), "keep me")
        XCTAssertEqual(entries(in: scratch), ["out"], "no staging directories left beside it")
    }

    func testSuccessfulRunReplacesExistingOutputWhollyAndLeavesNoStagingDirectories() throws {
        let output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("old"), withIntermediateDirectories: true)
        try "old".write(to: output.appendingPathComponent("marker.txt"), atomically: true, encoding: .utf8)
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: output, options: VodOptions())
        XCTAssertEqual(entries(in: output), ["assets", "master.m3u8", "primary", "report.json"])
        XCTAssertEqual(entries(in: scratch), ["out"], "no .out.tmp-* or .out.old-* left beside it")
    }
}
