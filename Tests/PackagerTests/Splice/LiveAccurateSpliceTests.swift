import Foundation
import XCTest
@testable import Packager

/// `pkgctl live --splice accurate` (in process, as fast as the file reads): a cue announced 4 s
/// ahead lets the channel hold the GOP before each splice and re-encode it before the segment
/// closes, so the extracted asset starts with the very picture the OUT names.
final class LiveAccurateSpliceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func testExtractedAssetStartsAtTheSplicePicture() throws {
        let check = try VodAccurateSpliceTests.source(rate: "25")
        let source = check.source
        let t0 = source.pts(ofFrame: 0)
        var sheet = CueSheetFile(t0Ticks: t0)
        sheet.splice(event: 7, from: source.seconds(ofFrame: 123), to: source.seconds(ofFrame: 211))
        let cues = directory.appendingPathComponent("live.cues")
        try sheet.write(to: cues)
        let output = directory.appendingPathComponent("out")
        let run = try InProcessLive.run({
            $0.windowSegments = 100
            $0.windowSeconds = nil
            $0.segmentDuration = 2
            $0.sidecar = cues
            $0.splice = .accurate
        }, input: source.url, output: output)

        let assets = output.appendingPathComponent("assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
        XCTAssertEqual(names.count, 1, "one extracted asset: \(names)")
        let playlistURL = assets.appendingPathComponent(try XCTUnwrap(names.first)).appendingPathComponent("index.m3u8")
        let playlist = try MediaPlaylistText(url: playlistURL)
        var data = Data()
        for segment in playlist.segments {
            data += try Data(contentsOf: playlistURL.deletingLastPathComponent().appendingPathComponent(segment.uri))
        }
        let asset = directory.appendingPathComponent("asset.ts")
        try data.write(to: asset)
        XCTAssertEqual(try SpliceTool.decodeErrors(asset), "", "the asset decodes cleanly")
        let frames = try SpliceTool.lumaFrames(asset, width: check.width, height: check.height)
        XCTAssertEqual(frames.count, 211 - 123, "the asset is pictures 123..<211")
        FrameMatch.assertShows(frames, sourceFrames: check.sourceFrames, from: 123, exact: { _ in false }, "live asset")
        XCTAssertEqual(playlist.totalDuration, Double(211 - 123) * 0.04, accuracy: 0.04, "asset EXTINF sum")
        XCTAssertEqual(run.log.compactMap { $0.string("warning") }, [], "no cut warned (none too late for its GOP)")
        // One log line per edge, as report.json's splices in VOD: both cuts at their splice picture.
        let splices = run.log.filter { $0.event == "splice" }
        XCTAssertEqual(splices.map { $0.string("edges") }, ["ad-7-1 start", "ad-7-1 end"])
        XCTAssertEqual(splices.map { $0.string("method") }, ["accurate", "accurate"])
        XCTAssertEqual(splices.map { $0.fields["requested_pts"] as? Int }, [source.pts(ofFrame: 123), source.pts(ofFrame: 211)].map { Int($0) })
        XCTAssertEqual(splices.map { $0.fields["landed_after_requested_ms"] as? Double }, [0, 0])
    }
}
