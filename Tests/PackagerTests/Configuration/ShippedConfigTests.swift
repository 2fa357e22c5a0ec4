import Foundation
import XCTest
@testable import Packager

/// The configurations the project ships (samples, the Kubernetes example) must load with the
/// same strict reader users get, so the documentation cannot drift from the schema.
final class ShippedConfigTests: XCTestCase {
    func testSamplePipelineConfigurationsLoad() throws {
        let vod = try PipelineConfiguration.load(path: TestMedia.samples.appendingPathComponent("pipeline.json").path)
        XCTAssertEqual((try vod.vodOptions()).defaultPlacement, .strip)
        XCTAssertEqual((try vod.vodOptions()).placementByKind, [.recap: .overlay])
        let live = try PipelineConfiguration.load(path: TestMedia.samples.appendingPathComponent("live-channel.json").path)
        XCTAssertEqual((try live.liveOptions()).channel, "news")
        XCTAssertEqual((try live.liveOptions()).windowSeconds, 60)
        XCTAssertEqual((try live.liveOptions()).defaultPlacement, .overlay)
    }

    func testKubernetesExampleChannelConfigLoads() throws {
        let yaml = try String(contentsOf: TestMedia.repoRoot.appendingPathComponent("deploy/kubernetes/channel-example.yaml"),
                              encoding: .utf8)
        let lines = yaml.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.contains("channel.json: |") })
        let body = lines[(start + 1)...].prefix { $0.hasPrefix("    ") || $0.isEmpty }.map { String($0.dropFirst(4)) }
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("channel.json")
        try body.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        // The Deployment's command line gives -o; the configuration holds the rest.
        var flags = PipelineConfiguration()
        flags.live.output = "http://origin.default.svc/live/news/"
        let options = try PipelineConfiguration.load(path: file.path).merging(flags).liveOptions()
        XCTAssertEqual(options.channel, "news")
        XCTAssertEqual(options.windowSegments, 8)
        XCTAssertEqual(options.segmentDuration, 4)
    }

    func testUnknownKeyIsRejectedWithItsPath() throws {
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let file = tmp.appendingPathComponent("bad.json")
        try #"{"interstitials": {"ad": {"timeline_stlye": "HIGHLIGHT"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PipelineConfiguration.load(path: file.path)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "interstitials.ad.timeline_stlye")
        }
        try #"{"live": {"window_segments": 2.5}}"#.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PipelineConfiguration.load(path: file.path)) { error in
            XCTAssertEqual(String(describing: error), "\(file.path): live.window_segments: expected a whole number of segments, 1…1000000")
        }
    }
}
