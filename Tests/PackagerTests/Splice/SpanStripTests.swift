import XCTest
@testable import Packager

/// Spans cut out at non-keyframes on both edges: the primary (re-timed, one muxer, no
/// discontinuity) and the asset decode cleanly and show exactly the right pictures.
final class SpanStripTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    private func h264() throws -> SpanStripCheck {
        SpanStripCheck(check: try Self.cache.check("strip-h264.ts") { directory in
            try SpliceSource.make("strip-h264.ts", in: directory, rate: "25", seconds: 4, video: [
                "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=40:min-keyint=40:scenecut=0:bframes=3:b-pyramid=normal"])
        })
    }

    private func hevc() throws -> SpanStripCheck {
        SpanStripCheck(check: try Self.cache.check("strip-hevc.ts") { directory in
            try SpliceSource.make("strip-hevc.ts", in: directory, rate: "30000/1001", seconds: 4, video: [
                "-c:v", "libx265", "-pix_fmt", "yuv420p", "-b:v", "300k", "-force_key_frames", "1.0",
                "-x265-params", "log-level=error:keyint=45:min-keyint=1:scenecut=0:open-gop=1:bframes=4"])
        })
    }

    override class func tearDown() { cache.remove() }

    func testH264SpanAcrossAKeyframeInTS() throws {
        // 23 and 57 sit in GOPs 0–39 and 40–79: the second window starts at the first cut's resume keyframe.
        try h264().strip(fromFrame: 23, toFrame: 57, format: .ts)
    }

    func testH264SpanAcrossAKeyframeInFragmentedMP4() throws {
        try h264().strip(fromFrame: 23, toFrame: 57, format: .fmp4)
    }

    func testH264SpanInsideOneGOP() throws {
        try h264().strip(fromFrame: 45, toFrame: 70, format: .ts)
    }

    func testHEVCSpanOverTheOpenCRAInTS() throws {
        try hevc().strip(fromFrame: 50, toFrame: 90, format: .ts)
    }

    func testHEVCSpanOverTheOpenCRAInFragmentedMP4() throws {
        try hevc().strip(fromFrame: 50, toFrame: 90, format: .fmp4)
    }
}
