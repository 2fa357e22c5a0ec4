import CueDetect
import XCTest
@testable import Packager

/// The byte-level path cuts the segments `pkgctl vod` cuts through libavformat today, and they
/// decode to the same frames and audio.
final class TSSameCutsAsFFmpegPathTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func extinf(_ playlist: URL) throws -> [String] {
        try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("#EXTINF:") }.map { String($0.dropFirst(8).dropLast()) }
    }

    func testStripCutsAndDecodedFramesMatchTheVodPipeline() throws {
        let clip = try TSOutputMedia.clip()
        var options = VodOptions()
        options.segmentDuration = 2
        let vodDir = dir.appendingPathComponent("vod")
        let report = try VodPipeline.run(input: clip.url.path, output: vodDir, options: options)
        let spans = report.spans.compactMap { e -> TSCutSpan? in
            guard e.cutIn != nil else { return nil }
            return TSCutSpan(serial: e.span.serial, startTicks: e.span.startTicks, endTicks: e.span.endTicks, placement: e.placement)
        }
        XCTAssertEqual(spans.count, 1)
        let engineDir = dir.appendingPathComponent("engine")
        try FileManager.default.createDirectory(at: engineDir, withIntermediateDirectories: true)
        let run = try TSEngineRun.cut(clip.url, into: engineDir, targetSeconds: 2, spans: spans)
        let old = try extinf(vodDir.appendingPathComponent("primary/index.m3u8"))
        XCTAssertEqual(run.segments.filter { $0.target == .primary }.map { String(format: "%.3f", Double($0.durationTicks) / 90_000) }, old)
        XCTAssertEqual(run.spans.first?.cutIn, report.spans.first?.cutIn)
        XCTAssertEqual(run.spans.first?.cutOut, report.spans.first?.cutOut)

        // Decoded frames of the old path's segments, back to back, against the new path's.
        var oldBytes = Data()
        for k in 0..<old.count {
            oldBytes += try Data(contentsOf: vodDir.appendingPathComponent(String(format: "primary/seg_%05d.ts", k)))
        }
        let oldAll = dir.appendingPathComponent("old.ts")
        try oldBytes.write(to: oldAll)
        let newAll = try run.concatenated(.primary, into: dir.appendingPathComponent("new.ts"))
        let maps = ["0:v", "0:a:0", "0:a:1"]
        let hashes = { (url: URL) in try MediaTool.framemd5(url, maps: maps, copy: false).map { [$0[0], $0[5]] } }
        let oldFrames = try hashes(oldAll)
        XCTAssertGreaterThan(oldFrames.count, 500)
        XCTAssertEqual(try hashes(newAll), oldFrames)
    }
}
