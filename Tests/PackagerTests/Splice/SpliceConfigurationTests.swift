import Foundation
import XCTest
@testable import Packager

/// `segments.splice` in the pipeline configuration: accurate by default for vod, keyframe for
/// live, either one when set, anything else refused naming the key.
final class SpliceConfigurationTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func load(_ json: String) throws -> PipelineConfiguration {
        let url = scratch.appendingPathComponent("pipeline-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: url.path)
    }

    func testDefaultsAreAccurateForVodAndKeyframeForLive() throws {
        XCTAssertEqual(try load(#"{"segments": {"format": "ts"}}"#).vodOptions().splice, .accurate)
        let live = try load(#"{"segments": {"format": "ts"}, "live": {"input": "udp://127.0.0.1:5000", "output": "/tmp/x"}}"#)
        XCTAssertEqual(try live.liveOptions().splice, .keyframe)
    }

    func testSetValueReachesBothModes() throws {
        XCTAssertEqual(try load(#"{"segments": {"splice": "keyframe"}}"#).vodOptions().splice, .keyframe)
        XCTAssertEqual(try load(#"{"segments": {"splice": "accurate"}, "live": {"input": "in.ts", "output": "/tmp/x"}}"#).liveOptions().splice, .accurate)
    }

    func testUnknownModeIsRefusedNamingTheKey() throws {
        XCTAssertThrowsError(try load(#"{"segments": {"splice": "exact"}}"#)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "segments.splice", "\(error)")
            XCTAssertTrue("\(error)".contains("'exact'"), "\(error)")
        }
    }
}
