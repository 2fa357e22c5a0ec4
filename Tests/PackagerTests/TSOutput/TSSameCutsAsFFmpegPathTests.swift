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
        options.engine = .libavformat
        options.splice = .keyframe      // TSEngineRun has no splicer: audio goes where its PTS says
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
        let hashes = { (url: URL) in try MediaTool.frameHashes(url, maps: maps, copy: false).map { [$0[0], $0[5]] } }
        let oldFrames = try hashes(oldAll)
        XCTAssertGreaterThan(oldFrames.count, 500)
        XCTAssertEqual(try hashes(newAll), oldFrames)
    }

    /// `pkgctl vod` itself both ways on the sample: the same playlists (every line but the
    /// byte-rate-derived BANDWIDTH), and every primary and asset segment decoding to the same
    /// video and audio frames.
    func testVodGivesTheSamePresentationThroughEitherEngine() throws {
        for placement in [Placement.strip, .overlay] {
            var old = VodOptions(), new = VodOptions()
            old.engine = .libavformat
            old.defaultPlacement = placement
            new.defaultPlacement = placement
            let a = dir.appendingPathComponent("lavf-\(placement)"), b = dir.appendingPathComponent("ts-\(placement)")
            _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: a, options: old)
            _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: b, options: new)
            for playlist in ["primary/index.m3u8", "assets/ad-1001-1/index.m3u8", "assets/recap-2001-1/index.m3u8"] {
                XCTAssertEqual(try String(contentsOf: a.appendingPathComponent(playlist), encoding: .utf8),
                               try String(contentsOf: b.appendingPathComponent(playlist), encoding: .utf8), "\(placement) \(playlist)")
            }
            // The asset of the 30 s break, and the primary around it (decoding stays short).
            for output in [placement == .strip ? "primary" : "assets/ad-1001-1"] {
                let concat = { (root: URL, name: String) -> URL in
                    let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(output).path)
                        .filter { $0.hasSuffix(".ts") }.sorted()
                    var bytes = Data()
                    for f in files { bytes += try Data(contentsOf: root.appendingPathComponent(output + "/" + f)) }
                    let url = self.dir.appendingPathComponent(name)
                    try bytes.write(to: url)
                    return url
                }
                // Per stream (the two paths interleave audio and video differently within a segment).
                let hashes = { (url: URL) in
                    Dictionary(grouping: try MediaTool.frameHashes(url, maps: ["0:v", "0:a"], copy: false), by: { $0[0] })
                        .mapValues { $0.map { $0[5] } }
                }
                let oldFrames = try hashes(try concat(a, "a.ts"))
                XCTAssertGreaterThan(oldFrames["0"]?.count ?? 0, 800)
                XCTAssertEqual(try hashes(try concat(b, "b.ts")), oldFrames, "\(placement) \(output)")
            }
        }
    }
}
