import Foundation
import XCTest
@testable import Packager

/// The pipeline configuration file as `pkgctl vod --config` reads it, and its effect on a run.
final class VodConfigurationTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try TestMedia.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func load(_ json: String) throws -> PipelineConfiguration {
        let url = scratch.appendingPathComponent("pipeline-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: url.path)
    }

    private func configError(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        do {
            _ = try load(json)
            XCTFail("accepted \(json)", file: file, line: line)
        } catch let error as ConfigError {
            return error
        } catch {
            XCTFail("not a ConfigError: \(error)", file: file, line: line)
        }
        return nil
    }

    func testFallbackStartDateTextIsTheFallbackStartDate() {
        XCTAssertEqual(ISO8601DateFormatter().string(from: VodOptions.fallbackStartDate), VodOptions.fallbackStartDateText)
    }

    func testUnknownKeyIsRejectedNamingItsKeyPath() throws {
        let nested = try XCTUnwrap(configError(#"{"segments": {"format": "ts", "durration": 4}}"#))
        XCTAssertEqual(nested.path, "segments.durration")
        XCTAssertTrue(nested.description.contains("segments.durration: unknown key"), nested.description)
        let top = try XCTUnwrap(configError(#"{"segment": {"format": "ts"}}"#))
        XCTAssertEqual(top.path, "segment")
    }

    func testTailResumeHorizonIsReadCheckedAndRefusedForLive() throws {
        XCTAssertEqual(try load(#"{"output": {"tail_resume_horizon": 90}}"#).vodOptions().tailResumeHorizon, 90)
        XCTAssertNil(try load("{}").vodOptions().tailResumeHorizon, "unset: hls.js's buffer decides")
        XCTAssertThrowsError(try load(#"{"output": {"tail_resume_horizon": -1}}"#).vodOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "output.tail_resume_horizon")
        }
        let live = try load(#"{"output": {"tail_resume_horizon": 90}, "live": {"input": "in.ts", "output": "out"}}"#)
        XCTAssertThrowsError(try live.liveOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "output.tail_resume_horizon")
            XCTAssertTrue(String(describing: error).contains("applies to pkgctl vod only"), "\(error)")
        }
    }

    func testBadSegmentFormatIsRejectedNamingSegmentsFormat() throws {
        let error = try XCTUnwrap(configError(#"{"segments": {"format": "mkv"}}"#))
        XCTAssertEqual(error.path, "segments.format")
        XCTAssertTrue(error.description.contains("'mkv'"), error.description)
    }

    func testPerKindPlacementStripsAdsAndOverlaysRecaps() throws {
        let config = try load(#"{"segments": {"format": "fmp4", "duration": 6}, "placement": {"default": "strip", "recap": "overlay"}}"#)
        let options = try config.vodOptions()
        XCTAssertEqual(options.segmentFormat, .fmp4)
        let output = scratch.appendingPathComponent("out")
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, output: output, options: options)
        let done = report.spans.filter { $0.skipped == nil }
        XCTAssertEqual(done.map(\.span.kind), [.recap, .ad, .ad])
        XCTAssertEqual(done.map(\.placement), [.overlay, .strip, .strip])
        // Only the ads (30 + 20 s) leave the primary; the 10 s recap stays in it.
        XCTAssertEqual(Double(report.primaryDurationTicks) / 90_000, 130, accuracy: 2 * VodSample.frame)
        let playlist = try MediaPlaylistText(url: output.appendingPathComponent("primary/index.m3u8"))
        XCTAssertEqual(playlist.totalDuration, 130, accuracy: 2 * VodSample.frame)
        let first = try XCTUnwrap(playlist.firstProgramDateTime)
        let ranges = playlist.interstitials
        XCTAssertEqual(ranges.count, 3)
        let starts = ranges.map { ISOMillis.parse($0["START-DATE"] ?? "").map { $0.timeIntervalSince(first) } ?? .nan }
        // recap at 2 s (kept); ad at 30 s (nothing removed before it); PPO at 90 − 30 s.
        for (got, want) in zip(starts, [2.0, 30, 60]) { XCTAssertEqual(got, want, accuracy: VodSample.frame) }
        // The overlaid recap resumes by X-PLAYOUT-LIMIT (it starts within hls.js's buffer of the
        // end, TailResumeRule); the stripped ads by X-RESUME-OFFSET=0.
        XCTAssertEqual(ranges.map { Double($0["X-RESUME-OFFSET"] ?? "") }, [nil, 0, 0])
        XCTAssertEqual(ranges.map { Double($0["X-PLAYOUT-LIMIT"] ?? "") }, [10, nil, nil])
    }
}
