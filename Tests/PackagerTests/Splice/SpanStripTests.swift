import XCTest
@testable import Packager

/// Spans cut out at non-keyframes on both edges: the primary (re-timed, one muxer, no
/// discontinuity) and the asset decode cleanly and show exactly the right pictures.
final class SpanStripTests: XCTestCase {
    private static var directory: URL?
    private static var h264: SpliceCheck?
    private static var hevc: SpliceCheck?

    private func directory() throws -> URL {
        if let directory = Self.directory { return directory }
        FFmpegLibraries.quietLogs()
        let made = try TestMedia.temporaryDirectory()
        Self.directory = made
        return made
    }

    private func h264() throws -> SpanStripCheck {
        if let check = Self.h264 { return SpanStripCheck(check: check) }
        let source = try SpliceSource.make("strip-h264.ts", in: try directory(), rate: "25", seconds: 4, video: [
            "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
            "-x264-params", "keyint=40:min-keyint=40:scenecut=0:bframes=3:b-pyramid=normal"])
        let check = try SpliceCheck(source, in: try directory())
        Self.h264 = check
        return SpanStripCheck(check: check)
    }

    private func hevc() throws -> SpanStripCheck {
        if let check = Self.hevc { return SpanStripCheck(check: check) }
        let source = try SpliceSource.make("strip-hevc.ts", in: try directory(), rate: "30000/1001", seconds: 4, video: [
            "-c:v", "libx265", "-pix_fmt", "yuv420p", "-b:v", "300k", "-force_key_frames", "1.0",
            "-x265-params", "log-level=error:keyint=45:min-keyint=1:scenecut=0:open-gop=1:bframes=4"])
        let check = try SpliceCheck(source, in: try directory())
        Self.hevc = check
        return SpanStripCheck(check: check)
    }

    override class func tearDown() {
        if let directory, ProcessInfo.processInfo.environment["PKGCTL_KEEP_SPLICE_MEDIA"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
        h264 = nil
        hevc = nil
    }

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
