import Foundation
import XCTest
@testable import Packager

/// Accurate splices on an input with two video renditions (aligned GOPs, as an ABR encoder makes
/// them): each rendition is cut at the same splice picture, both primaries decode cleanly with
/// the same segment boundaries, and report.json has one record per edge per rendition.
final class VodRenditionSpliceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        FFmpegLibraries.quietLogs()
        directory = try TestMedia.temporaryDirectory()
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func testEachRenditionIsCutAtTheSplicePicture() throws {
        let input = directory.appendingPathComponent("two.ts")
        try FFmpegCLI.run([
            "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
            "-t", "12", "-filter_complex",
            "[0:v]drawtext=text='%{frame_num}':fontsize=72:fontcolor=white:box=1:boxcolor=black:x=8:y=8,split=2[a][b];[b]scale=160:90[c]",
            "-map", "[a]", "-map", "[c]", "-map", "1:a", "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p",
            "-x264-params", "keyint=50:min-keyint=50:scenecut=0:bframes=3:b-pyramid=normal", "-c:a", "aac", "-b:a", "64k",
            "-f", "mpegts", input.path])
        let source = try SpliceSource(url: input)
        let t0 = source.pts(ofFrame: 0)
        var sheet = CueSheetFile(t0Ticks: t0)
        sheet.splice(event: 9, from: source.seconds(ofFrame: 123), to: source.seconds(ofFrame: 211))
        let cues = directory.appendingPathComponent("two.cues")
        try sheet.write(to: cues)
        var options = VodOptions()
        options.segmentDuration = 2
        options.sidecar = cues
        let output = directory.appendingPathComponent("out")
        let report = try VodPipeline.run(input: input.path, output: output, options: options)

        let edges = try XCTUnwrap(report.splices?.edges)
        XCTAssertEqual(edges.map(\.rendition).sorted(), [0, 0, 1, 1])
        XCTAssertEqual(Set(edges.map(\.method)), [.accurate])
        XCTAssertEqual(edges.filter { $0.landedTicks != $0.requestedTicks }.count, 0, "every cut on its splice")
        XCTAssertEqual(report.warnings, [], "no rendition starts a span elsewhere")

        var boundaries: [[Double]] = []
        for (k, name) in ["primary", "primary_1"].enumerated() {
            let url = output.appendingPathComponent(name + "/index.m3u8")
            let playlist = try MediaPlaylistText(url: url)
            boundaries.append(playlist.segments.map(\.duration))
            var data = Data()
            for segment in playlist.segments { data += try Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(segment.uri)) }
            let joined = directory.appendingPathComponent("\(name).ts")
            try data.write(to: joined)
            XCTAssertEqual(try SpliceTool.decodeErrors(joined), "", "\(name) decodes cleanly")
            let size = k == 0 ? (320, 180) : (160, 90)
            XCTAssertEqual(try SpliceTool.lumaFrames(joined, width: size.0, height: size.1).count, 300 - 88, "\(name) pictures")
        }
        XCTAssertEqual(boundaries[0], boundaries[1], "the same segment boundaries in both renditions")
    }
}
