import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod --splice keyframe`: span edges at the first keyframe at or after each splice,
/// stream copy; an open GOP's leading pictures at a resume CRA re-encoded onto the near side
/// (the GOP before is held) so both sides still decode cleanly.
final class VodKeyframeSpliceTests: XCTestCase {
    func testKeyframeModeCutsAtTheNextKeyframeAndReencodesNothing() throws {
        let check = try VodAccurateSpliceTests.source(rate: "25")
        let r = try VodSpliceRun.make(check, first: 123, end: 211, format: .ts, mode: .keyframe)
        XCTAssertEqual(try SpliceTool.decodeErrors(r.primary), "", "\(r.label): primary decodes cleanly")
        XCTAssertEqual(try SpliceTool.decodeErrors(r.asset), "", "\(r.label): asset decodes cleanly")
        // Keyframes at 150 and 250: the asset is pictures 150..<250, bit-exact.
        let assetFrames = try SpliceTool.lumaFrames(r.asset, width: check.width, height: check.height)
        XCTAssertEqual(assetFrames.count, 100, r.label)
        FrameMatch.assertShows(assetFrames, sourceFrames: check.sourceFrames, from: 150, exact: { _ in true }, r.label)
        let recorded = try r.spliceEdges()
        XCTAssertEqual(recorded.map { $0["method"] as? String }, ["keyframe", "keyframe"], r.label)
        XCTAssertEqual([123, 211].map(r.source.keyframe(atOrAfter:)), [150, 250], "closed GOPs of 50 pictures")
        XCTAssertEqual(recorded.map { $0["landed"] as? Double }, [6.0, 10.0], r.label)
        XCTAssertEqual(recorded.map { $0["landed_after_requested"] as? Double }, [1.08, 1.56], r.label)
        XCTAssertEqual(recorded.map { $0["frames_reencoded"] as? Int }, [0, 0], r.label)
        XCTAssertTrue(r.report.warnings.isEmpty, "\(r.label): \(r.report.warnings)")
    }

    func testHEVCOpenGOPKeyframeCutsDecodeCleanly() throws {
        try assertOpenGOPKeyframeCuts(try VodAccurateSpliceTests.hevcSource(), first: 140, end: 230, leading: true)
    }

    /// x264's open GOPs here resume at non-IDR I pictures (recovery points, no leading pictures at
    /// these GOP lengths): the asset starts with that I picture made an IDR.
    func testH264OpenGOPKeyframeCutsDecodeCleanly() throws {
        try assertOpenGOPKeyframeCuts(try VodAccurateSpliceTests.h264OpenGOPSource(), first: 123, end: 211, leading: false)
    }

    /// `leading`: the resume keyframes have leading pictures (re-encoded onto the near side).
    private func assertOpenGOPKeyframeCuts(_ check: SpliceCheck, first: Int, end: Int, leading: Bool) throws {
        let r = try VodSpliceRun.make(check, first: first, end: end, format: .ts, mode: .keyframe)
        XCTAssertEqual(try SpliceTool.decodeErrors(r.primary), "", "\(r.label): primary decodes cleanly")
        XCTAssertEqual(try SpliceTool.decodeErrors(r.asset), "", "\(r.label): asset decodes cleanly")
        let (k1, k2) = (r.keyframe(atOrAfter: first), r.keyframe(atOrAfter: end))
        let assetFrames = try SpliceTool.lumaFrames(r.asset, width: check.width, height: check.height)
        let primaryFrames = try SpliceTool.lumaFrames(r.primary, width: check.width, height: check.height)
        XCTAssertEqual(assetFrames.count, k2 - k1, "\(r.label): the asset is pictures \(k1)..<\(k2)")
        XCTAssertEqual(primaryFrames.count, r.source.video.count - (k2 - k1), r.label)
        FrameMatch.assertShows(assetFrames, sourceFrames: check.sourceFrames, from: k1, exact: { _ in false }, r.label)
        let recorded = try r.spliceEdges()
        XCTAssertEqual(recorded.map { $0["method"] as? String }, ["keyframe", "keyframe"], r.label)
        XCTAssertEqual(recorded.map { $0["landed"] as? Double }, [k1, k2].map { r.reportSeconds(ofFrame: $0) }, r.label)
        XCTAssertEqual(recorded.map { $0["frames_reencoded"] as? Int ?? 0 }.reduce(0, +) > 0, leading,
                       "\(r.label): leading pictures re-encoded onto the near side")
    }

    /// Keyframe mode goes through the splicer, which on closed GOPs changes nothing: every media
    /// segment is byte for byte what the pipeline writes with no splicer at all.
    func testKeyframeModeSegmentsAreTheBytesOfACutWithoutASplicer() throws {
        let check = try VodAccurateSpliceTests.source(rate: "25")
        for format in SegmentMuxerFormat.allCases {
            let r = try VodSpliceRun.make(check, first: 123, end: 211, format: format, mode: .keyframe) { $0.engine = .libavformat }
            var options = VodOptions()
            options.segmentFormat = format
            options.segmentDuration = 2
            options.engine = .libavformat
            options.splice = .keyframe
            options.sidecar = r.output.deletingLastPathComponent().appendingPathComponent(
                r.output.lastPathComponent + ".cues")
            let plain = r.output.deletingLastPathComponent().appendingPathComponent("plain-\(format.rawValue)")
            try? FileManager.default.removeItem(at: plain)
            let reader = try InputReader(url: r.source.url.path, mode: .media)
            _ = try VodPipeline.run(source: reader, sink: try StagedDirectorySink(destination: plain), options: options)
            let segment = format == .ts ? ".ts" : ".m4s"
            let files = { (root: URL) in
                (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(segment) && !$0.contains("joined") }.sorted()
            }
            XCTAssertEqual(files(r.output), files(plain), "\(r.label): the same segments")
            XCTAssertGreaterThan(files(plain).count, 5, r.label)
            for name in files(plain) {
                XCTAssertEqual(try Data(contentsOf: r.output.appendingPathComponent(name)),
                               try Data(contentsOf: plain.appendingPathComponent(name)), "\(r.label): \(name)")
            }
        }
    }
}
