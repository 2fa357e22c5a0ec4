import Foundation
import XCTest
@testable import Packager

/// Overlay output of a stitched presentation (the primary keeps every inserted span, covered by
/// interstitials) and its `--coordinator-ranges` file for SharePlay.
final class StitchedOverlayTests: XCTestCase {
    private var conversions: [StitchedConversion] = []
    override func tearDown() { conversions.forEach { $0.cleanUp() } }

    /// content | ad | ad | content | ad | content, all at one resolution (overlay keeps them in one primary).
    private let parts: [StitchedMedia.Part] = [.content(4), .ad(2), .ad(2), .content(4), .ad(3), .content(2)]

    func testCoordinatorRangesAreTheInsertedSpansToTheSampleAndMatchTheirEXTINFSums() throws {
        let made = try StitchedMedia.make(parts)
        let ranges = try TestMedia.temporaryDirectory().appendingPathComponent("ranges.json")
        defer { try? FileManager.default.removeItem(at: ranges.deletingLastPathComponent()) }
        let c = try StitchedConversion.run(made.playlist) {
            $0.defaultPlacement = .overlay
            $0.stitched.coordinatorRanges = ranges
        }
        conversions.append(c)
        let json = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: Data(contentsOf: ranges)))
        let list = json["interstitial_time_ranges"] as? [[String: Any]] ?? []
        // 25 fps: every edge is a whole frame, 3600 ticks of 90 kHz.
        XCTAssertEqual(list.map { ($0["start"] as? [String: Any])?["value"] as? Int }, [360_000, 1_080_000])
        XCTAssertEqual(list.map { ($0["duration"] as? [String: Any])?["value"] as? Int }, [360_000, 270_000])
        XCTAssertEqual(list.map { ($0["duration"] as? [String: Any])?["timescale"] as? Int }, [90_000, 90_000])
        for range in list {
            let difference = range["extinf_difference"] as? Double ?? .nan
            XCTAssertEqual(difference, 0, accuracy: 0.0005 * Double(range["source_extinf_segments"] as? Int ?? 0), "\(range)")
        }
        XCTAssertEqual((json["main_content_duration"] as? [String: Any])?["value"] as? Int, 900_000)
        XCTAssertEqual((json["primary_duration"] as? [String: Any])?["value"] as? Int, 1_530_000)
        let primary = try c.playlist()
        XCTAssertEqual(primary.totalDuration, made.totalSeconds, accuracy: 0.04, "overlay keeps the stitched primary")
        XCTAssertFalse(primary.lines.contains("#EXT-X-DISCONTINUITY"), "re-timed: nothing left to discontinue")
        XCTAssertEqual(primary.interstitials.map { $0["X-PLAYOUT-LIMIT"] }, ["4", "3"], "near the end: TailResumeRule")
        XCTAssertEqual(primary.interstitials.map { $0["X-RESUME-OFFSET"] }, [nil, nil])
        XCTAssertEqual(try c.validationErrors(), [])
    }

    func testCoordinatorRangesNeedTheSpansInThePrimary() throws {
        let made = try StitchedMedia.make(parts)
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = VodOptions()
        options.stitched.coordinatorRanges = root.appendingPathComponent("ranges.json")
        XCTAssertThrowsError(try VodPipeline.run(input: made.playlist.path, output: root.appendingPathComponent("out"), options: options)) {
            XCTAssertEqual(String(describing: $0), "\(made.playlist.path): --coordinator-ranges describes inserted spans kept in the "
                           + "primary, but the ad spans are stripped from it: use --placement overlay")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [])
    }

    func testOverlayOfASpanWithOtherCodecParametersIsRefused() throws {
        let made = try StitchedMedia.make([.content(2), .ad(2, width: 160, height: 90), .content(2)])
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = VodOptions()
        options.defaultPlacement = .overlay
        XCTAssertThrowsError(try VodPipeline.run(input: made.playlist.path, output: root.appendingPathComponent("out"), options: options)) {
            XCTAssertTrue(String(describing: $0).contains("overlay keeps the ad at 2.000 s in the primary, but its media differs from the "
                                                          + "content's (160x90 instead of 320x180)"), "\($0)")
        }
    }
}

/// `pkgctl cues` on a stitched playlist: runs, spans and why each is what it is.
final class StitchedCueScanTests: XCTestCase {
    func testCuesOnTheSampleListEverySpanWithItsReasons() throws {
        let scan = try StitchedCueScan.run(input: TestMedia.samples.appendingPathComponent("stitched_vod/index.m3u8").path,
                                           options: StitchedOptions())
        XCTAssertEqual(scan.spanCount, 3)
        let lines = scan.jsonLines.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.filter { $0["type"] as? String == "run" }.count, 6)
        let spans = lines.filter { $0["type"] as? String == "span" }
        XCTAssertEqual(spans.map { $0["kind"] as? String }, ["recap", "content", "ad", "content", "ad", "content"])
        XCTAssertEqual(spans.map { $0["first_line"] as? Int }, [10, 17, 39, 49, 71, 87])
        XCTAssertTrue(spans.allSatisfy { !(($0["reasons"] as? [String]) ?? []).isEmpty })
        XCTAssertEqual(lines.last?["type"] as? String, "summary")
        XCTAssertEqual(lines.last?["content_duration"] as? Double, 120)
        XCTAssertTrue(scan.textReport.contains("  #4 ad      105.000 →  135.000  30.000 s, from line 71\n"), scan.textReport)
    }

    func testCuesCommandPrintsTheStitchedReport() throws {
        let binary = TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl").path
        let run = try ToolRun.run(binary, ["cues", TestMedia.samples.appendingPathComponent("stitched_vod/index.m3u8").path])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("6 run(s), 3 inserted span(s), content 120.000 s"), run.output)
    }
}
