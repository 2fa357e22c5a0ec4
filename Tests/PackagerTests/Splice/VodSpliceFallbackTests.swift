import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod` in accurate mode on video it cannot re-encode: span edges at the first keyframe
/// at or after each splice, one warning per span, what was done said in report.json.
final class VodSpliceFallbackTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        FFmpegLibraries.quietLogs()
        directory = try TestMedia.temporaryDirectory()
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    private func edges(_ output: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: output.appendingPathComponent("report.json"))
        let json = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: data))
        return try XCTUnwrapDictionary(json["splices"] as Any)["edges"] as? [[String: Any]] ?? []
    }

    func testMPEG2VideoFallsBackToKeyframeCutsWithOneWarningPerSpan() throws {
        // A keyframe every 2 s; two breaks whose four edges all fall inside GOPs.
        let source = try SpliceSource.make("mpeg2.ts", in: directory, rate: "25", seconds: 14, video: [
            "-c:v", "mpeg2video", "-g", "50", "-bf", "2", "-flags", "+cgop", "-sc_threshold", "1000000000", "-b:v", "600k",
            "-f", "mpegts"])
        let t0 = source.pts(ofFrame: 0)
        var sheet = CueSheetFile(t0Ticks: t0)
        sheet.splice(event: 1, from: source.seconds(ofFrame: 110), to: source.seconds(ofFrame: 160))
        sheet.splice(event: 2, from: source.seconds(ofFrame: 210), to: source.seconds(ofFrame: 265))
        let cues = directory.appendingPathComponent("mpeg2.cues")
        try sheet.write(to: cues)
        for format in SegmentMuxerFormat.allCases {
            let output = directory.appendingPathComponent("out-\(format.rawValue)")
            var options = VodOptions()
            options.segmentFormat = format
            options.segmentDuration = 2
            options.sidecar = cues
            let report = try VodPipeline.run(input: source.url.path, output: output, options: options)
            let refusals = report.warnings.filter { $0.contains("no encoder for mpeg2video") }
            XCTAssertEqual(refusals.count, 2, "\(format): one warning per span, got \(report.warnings)")
            let recorded = try edges(output)
            XCTAssertEqual(recorded.map { $0["method"] as? String }, Array(repeating: "keyframe-unchanged", count: 4), "\(format)")
            XCTAssertEqual(recorded.map { $0["landed"] as? Double },
                           [110, 160, 210, 265].map { source.reportSeconds(ofFrame: source.keyframe(atOrAfter: $0)) },
                           "\(format): each edge on the first keyframe at or after it")
            XCTAssertEqual(recorded.map { $0["frames_reencoded"] as? Int }, [0, 0, 0, 0], "\(format)")
            let primary = try MediaPlaylistText(url: output.appendingPathComponent("primary/index.m3u8"))
            XCTAssertEqual(primary.interstitials.count, 2, "\(format)")
        }
    }
}
