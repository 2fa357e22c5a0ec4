import Foundation
import XCTest
@testable import Packager

/// vod and live are arrangements of the same stages, so on the same input and cues they give
/// players the same interstitials: IDs, START-DATE, final DURATION, asset entries. Live runs
/// in-process on the file input as fast as it reads, every published version recorded; its
/// versions must pass the live validator.
final class ParityTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private struct Runs {
        var vod: [InterstitialSummary]
        var live: [InterstitialSummary]
        var withdrawnInLive: [String]
        var report: VodReport
        var versions: [PlaylistVersionRecorder.Version]
    }

    private func run(_ media: URL, sheet: CueSheetFile? = nil, placement: Placement,
                     segmentDuration: Double = 6) throws -> Runs {
        let name = UUID().uuidString.prefix(8)
        let sidecar = try sheet.map { s -> URL in
            let url = scratch.appendingPathComponent("cues-\(name).txt")
            try s.write(to: url)
            return url
        }
        var vod = VodOptions()
        vod.sidecar = sidecar
        vod.defaultPlacement = placement
        vod.segmentDuration = segmentDuration
        vod.splice = .keyframe          // live's default: parity compares the same cuts
        let vodDir = scratch.appendingPathComponent("vod-\(name)")
        let report = try VodPipeline.run(input: media.path, output: vodDir, options: vod)
        var live = LiveOptions()
        live.input = media.path
        live.output = scratch.appendingPathComponent("live-\(name)").path
        live.sidecar = sidecar
        live.defaultPlacement = placement
        live.segmentDuration = segmentDuration
        live.event = true
        live.assetBaseURL = URL(string: "http://127.0.0.1:8000/")
        let liveDir = URL(fileURLWithPath: live.output)
        try FileManager.default.createDirectory(at: liveDir, withIntermediateDirectories: true)
        let sink = RecordingSink(root: liveDir)
        let channel = try LiveChannel(options: live, log: EventLog(output: { _ in }), sink: sink, stateDirectory: liveDir)
        XCTAssertEqual(channel.run(), .stopped)
        let vodSet = try InterstitialSummary.all(in: String(contentsOf: vodDir.appendingPathComponent("primary/index.m3u8"),
                                                            encoding: .utf8), root: vodDir)
        let finalLive = try String(contentsOf: liveDir.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let liveSet = try InterstitialSummary.all(in: finalLive, root: liveDir)
        return Runs(vod: vodSet, live: liveSet.filter { $0.durationMillis != 0 },
                    withdrawnInLive: liveSet.filter { $0.durationMillis == 0 }.map(\.id), report: report,
                    versions: sink.versions())
    }

    private func assertParity(_ runs: Runs, expecting ids: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(runs.vod.map(\.id), ids, file: file, line: line)
        XCTAssertEqual(runs.live.map(\.description), runs.vod.map(\.description), "live and vod disagree", file: file, line: line)
        XCTAssertEqual(runs.withdrawnInLive, [], "live offers an interstitial only once its asset is stored: a cancelled"
                       + " splice never becomes one (its SCTE-35 range is completed with DURATION=0)", file: file, line: line)
        try LiveChecks.assertVersionsValid(runs.versions, maps: LiveChecks.assetMap(URL(fileURLWithPath: runs.versions[0].path)
            .deletingLastPathComponent().deletingLastPathComponent()), file: file, line: line)
    }

    func testSampleWithInBandCuesGivesTheSameInterstitialsInBothModesOverlay() throws {
        let runs = try run(TestMedia.liveTS, placement: .overlay)
        try assertParity(runs, expecting: ["recap-2001-1", "ad-1001-1", "ad-3001-1"])
        XCTAssertEqual(runs.vod.map(\.startMillis), [2000, 30000, 90000])
    }

    func testSampleWithInBandCuesGivesTheSameInterstitialsInBothModesStrip() throws {
        let runs = try run(TestMedia.liveTS, placement: .strip)
        try assertParity(runs, expecting: ["recap-2001-1", "ad-1001-1", "ad-3001-1"])
        XCTAssertEqual(runs.vod.map(\.startMillis), [2000, 20000, 50000], "each on the re-timed primary")
    }

    func testStitchedSampleGivesTheSameInterstitialsInBothModes() throws {
        let runs = try run(TestMedia.stitchedTS, placement: .strip)
        try assertParity(runs, expecting: ["ad-1101-1", "ad-1102-1"])
    }

    func testSpliceCancelledAfterItStartedEndsAtTheCancelInBothModes() throws {
        let media = try GeneratedMedia.ts(seconds: 180)
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        sheet.splice(event: 1, out: true, at: 10, duration: 30)
        sheet.cancel(event: 1, at: 15)
        sheet.splice(event: 2, from: 60, to: 90)
        sheet.splice(event: 3, from: 120, to: 150)
        let runs = try run(media, sheet: sheet, placement: .strip)
        try assertParity(runs, expecting: ["ad-1-1", "ad-2-1", "ad-3-1"])
        XCTAssertEqual(runs.vod.map(\.description), ["ad-1-1@10000ms+6000 [ad-1-1:6000]", "ad-2-1@54000ms+30000 [ad-2-1:30000]",
                                                     "ad-3-1@84000ms+30000 [ad-3-1:30000]"])
    }

    func testBreakHoldingTwoAdsIsOneInterstitialWithBothAdsInItsListInBothModes() throws {
        let media = try GeneratedMedia.ts(seconds: 90, gop: 1)
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        sheet.segmentation(event: 10, type: 0x22, at: 30, duration: 30)
        sheet.segmentation(event: 11, type: 0x30, at: 30, duration: 15, arriving: 3.9)
        sheet.segmentation(event: 11, type: 0x31, at: 45)
        sheet.segmentation(event: 12, type: 0x30, at: 45, duration: 15, arriving: 3.9)
        sheet.segmentation(event: 12, type: 0x31, at: 60)
        sheet.segmentation(event: 10, type: 0x23, at: 60, arriving: 3.9)
        let runs = try run(media, sheet: sheet, placement: .overlay)
        try assertParity(runs, expecting: ["ad-10-1"])
        XCTAssertEqual(runs.vod.map(\.description), ["ad-10-1@30000ms+30000 [ad-11-1:15000,ad-12-1:15000]"])
        XCTAssertEqual(runs.report.spans.first?.nested.map(\.outcome), ["asset-list entry", "asset-list entry"])
    }
}
