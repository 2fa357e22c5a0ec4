import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod samples/stitched_vod/index.m3u8` against the fixture's truth
/// (Fixtures/stitched_vod.spans.json): a recap, two ads (the second 640x360) and three parts of
/// content, signalled only by discontinuities and timestamps.
final class StitchedSampleTests: XCTestCase {
    private var conversions: [StitchedConversion] = []
    private let playlist = TestMedia.samples.appendingPathComponent("stitched_vod/index.m3u8")
    private let frame = 1.0 / 30
    private let pdtBase: Int64 = 1_740_859_200_000          // 2025-03-01T20:00:00Z

    override func tearDown() { conversions.forEach { $0.cleanUp() } }

    private func convert(_ format: SegmentMuxerFormat) throws -> StitchedConversion {
        let c = try StitchedConversion.run(playlist) { $0.segmentFormat = format }
        conversions.append(c)
        return c
    }

    private func truth() throws -> [[String: Any]] { try TestMedia.json("stitched_vod.spans.json")["spans"] as? [[String: Any]] ?? [] }

    func testEverySpanIsFoundAndClassifiedAsTheTruthSays() throws {
        let c = try convert(.ts)
        let spans = try c.stitchedSpans()
        let expected = try truth()
        XCTAssertEqual(spans.map { $0["kind"] as? String }, expected.map { $0["kind"] as? String })
        for (span, t) in zip(spans, expected) {
            let name = t["name"] as? String ?? "?"
            XCTAssertEqual(span["stitched_start"] as? Double ?? .nan, t["stitched_start_s"] as? Double ?? .nan, accuracy: frame, name)
            XCTAssertEqual(span["duration"] as? Double ?? .nan, t["stitched_duration_s"] as? Double ?? .nan, accuracy: frame, name)
            XCTAssertEqual(span["content_position"] as? Double ?? .nan, t["content_start_s"] as? Double ?? .nan, accuracy: frame, name)
            XCTAssertFalse((span["reasons"] as? [String] ?? []).isEmpty, "\(name) says why")
        }
    }

    func testPrimaryIsTheContentWithoutDiscontinuitiesAndPDTContinuous() throws {
        for format in SegmentMuxerFormat.allCases {
            let c = try convert(format)
            let primary = try c.playlist()
            XCTAssertEqual(primary.totalDuration, 120, accuracy: frame * 3, "\(format): content duration")
            XCTAssertFalse(primary.lines.contains("#EXT-X-DISCONTINUITY"), "\(format): no discontinuity left")
            var expected = primary.segments.first?.programDateTime?.timeIntervalSince1970 ?? .nan
            for segment in primary.segments {
                XCTAssertEqual(segment.programDateTime?.timeIntervalSince1970 ?? .nan, expected, accuracy: 0.001, "\(format) \(segment.uri)")
                expected += segment.duration
            }
            XCTAssertEqual(secondsSince(pdtBase, primary.segments.first.flatMap { $0.programDateTime }.map { ISO8601DateFormatter().string(from: $0) }),
                           0, accuracy: 0.001, "\(format): the primary starts at the source's first PDT")
        }
    }

    func testInterstitialsSitAtTheContentPositions() throws {
        let c = try convert(.ts)
        let starts = try c.playlist().interstitials.map { secondsSince(pdtBase, $0["START-DATE"]) }
        XCTAssertEqual(starts.count, 3)
        for (start, position) in zip(starts, [0.0, 40, 80]) { XCTAssertEqual(start, position, accuracy: frame) }
        XCTAssertEqual(try c.playlist().interstitials.map { $0["DURATION"] }, ["10", "15", "30"])
    }

    func testSecondAdAssetKeepsItsOwnResolution() throws {
        for format in SegmentMuxerFormat.allCases {
            let c = try convert(format)
            let ids = try c.playlist().interstitials.compactMap { $0["ID"] }
            XCTAssertEqual(ids, ["recap-0-1", "ad-2-1", "ad-4-1"])
            let dir = c.output.appendingPathComponent("assets/ad-4-1")
            let first = try c.playlist("assets/ad-4-1/index.m3u8").segments[0].uri
            var probe = dir.appendingPathComponent(first)
            if format == .fmp4 {
                probe = c.root.appendingPathComponent("ad2.mp4")
                try (Data(contentsOf: dir.appendingPathComponent("init.mp4")) + Data(contentsOf: dir.appendingPathComponent(first))).write(to: probe)
            }
            let video = try MediaCheck.streams(of: probe).first { $0["codec_type"] as? String == "video" }
            XCTAssertEqual(video?["width"] as? Int, 640, "\(format)")
            XCTAssertEqual(video?["height"] as? Int, 360, "\(format)")
            XCTAssertEqual(try c.playlist("assets/ad-4-1/index.m3u8").totalDuration, 30, accuracy: frame, "\(format)")
        }
    }

    func testOutputValidatesAndItsTimelineShowsTheContentDuration() throws {
        for format in SegmentMuxerFormat.allCases {
            let c = try convert(format)
            XCTAssertEqual(try c.validationErrors(), [], "\(format)")
            let snapshot = try c.timeline()
            XCTAssertEqual(Double(snapshot.primaryDurationNanos) / 1e9, 120, accuracy: frame * 3, "\(format): primary")
            // Played through, the viewer sits through the content and every inserted span; the
            // integrated timeline adds only the RANGE recap (POINT ads occupy no time on it).
            XCTAssertEqual(Double(snapshot.playoutDurationNanos) / 1e9, 175, accuracy: frame * 3, "\(format): playout")
            XCTAssertEqual(Double(snapshot.durationNanos) / 1e9, 130, accuracy: frame * 3, "\(format): integrated")
            XCTAssertEqual(snapshot.interstitials.count, 3, "\(format)")
        }
    }

    func testAssetsDecodeWithoutErrorsAndEveryFrameLandsOnce() throws {
        let c = try convert(.ts)
        let scratch = c.root.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var frames: [String: Int] = [:]
        for asset in ["assets/recap-0-1", "assets/ad-2-1", "assets/ad-4-1"] {
            for d in try MediaCheck.decodeSegments(of: c.output.appendingPathComponent(asset + "/index.m3u8"), scratch: scratch) {
                XCTAssertEqual(d.errors, "", d.file)
                frames[asset, default: 0] += d.videoFrames ?? 0
            }
        }
        XCTAssertEqual(frames, ["assets/recap-0-1": 300, "assets/ad-2-1": 450, "assets/ad-4-1": 900])
        var primary = 0
        for segment in try c.playlist().segments {
            primary += try XCTUnwrap(MediaCheck.videoPacketCount(of: c.output.appendingPathComponent("primary/" + segment.uri)))
        }
        XCTAssertEqual(primary, 120 * 30, "the content's frames, each once")
    }
}
