import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod --profile apple-podcasts` (`output.profile`): output that the validator's Apple
/// Podcasts profile accepts, where the default output breaks it.
final class VodDeliveryProfileTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func configuration(_ json: String) throws -> PipelineConfiguration {
        let url = scratch.appendingPathComponent("pipeline-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: url.path)
    }

    private func podcastFindings(_ output: URL) throws -> [String] {
        VodOutputs.summary(try VodOutputs.validate(output, profiles: [.applePodcasts]), in: output)
    }

    func testApplePodcastsProfileWritesOutputItsValidatorProfileAccepts() throws {
        let output = scratch.appendingPathComponent("podcast")
        let options = try configuration(#"{"output": {"profile": "apple-podcasts"}}"#).vodOptions()
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: output, options: options)
        XCTAssertEqual(try podcastFindings(output), [])
        let text = try String(contentsOf: output.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let interstitials = text.split(separator: "\n").filter { $0.contains("com.apple.hls.interstitial") }
        XCTAssertEqual(interstitials.count, 3, "the recap and the two ads of the sample")
        for line in interstitials {
            XCTAssertTrue(line.contains("X-RESUME-OFFSET=0,") && line.contains("X-TIMELINE-OCCUPIES=\"RANGE\"")
                          && line.contains("X-TIMELINE-STYLE=\"PRIMARY\"") && !line.contains("X-RESTRICT"), String(line))
        }
    }

    func testDefaultOutputBreaksTheApplePodcastsProfile() throws {
        let findings = try podcastFindings(try VodOutputs.sample(.ts))
        XCTAssertTrue(findings.contains { $0.contains("podcasts-attributes") }, "\(findings)")
    }

    func testOverlayWithTheApplePodcastsProfileIsRefusedNamingTheKey() throws {
        let config = try configuration(#"{"output": {"profile": "apple-podcasts"}, "placement": {"ad": "overlay"}}"#)
        XCTAssertThrowsError(try config.vodOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "placement.ad")
            XCTAssertTrue(String(describing: error).contains("X-RESUME-OFFSET=0"), "\(error)")
        }
    }

    func testUnknownProfileAndLiveUseAreRefused() throws {
        XCTAssertThrowsError(try configuration(#"{"output": {"profile": "roku"}}"#)) { error in
            XCTAssertTrue(String(describing: error).contains("unknown profile 'roku' (known: apple-podcasts)"), "\(error)")
        }
        let live = try configuration(#"{"output": {"profile": "apple-podcasts"}, "live": {"input": "udp://127.0.0.1:1", "output": "/tmp/x"}}"#)
        XCTAssertThrowsError(try live.liveOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "output.profile")
        }
    }
}
