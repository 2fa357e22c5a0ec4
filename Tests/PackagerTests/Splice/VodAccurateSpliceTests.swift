import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod` with a break whose OUT and IN fall on non-keyframes of H.264 High with B-frames
/// (pyramid), at 25 and 29.97 fps, TS and fMP4: in accurate mode the asset starts with the very
/// picture the OUT names and the primary resumes with the one the IN names, everything decodes
/// cleanly, and the primary runs on without a discontinuity.
final class VodAccurateSpliceTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    override class func tearDown() { cache.remove() }

    /// 12 s of 320x180 H.264 High (3 B-frames, pyramid, closed GOPs of 2 s) and AAC in MPEG-TS.
    static func source(rate: String) throws -> SpliceCheck {
        let gop = rate == "25" ? 50 : 60
        return try cache.check("vod-\(gop).ts") { directory in
            try SpliceSource.make("vod-\(gop).ts", in: directory, rate: rate, seconds: 12, video: [
                "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=\(gop):min-keyint=\(gop):scenecut=0:bframes=3:b-pyramid=normal", "-f", "mpegts"])
        }
    }

    /// 10 s of HEVC Main at 29.97 fps, open GOPs (CRA), 4 B-frames, keyframes every 45 pictures
    /// and one forced at 1 s: an irregular GOP pattern.
    static func hevcSource() throws -> SpliceCheck {
        try cache.check("vod-hevc.ts") { directory in
            try SpliceSource.make("vod-hevc.ts", in: directory, rate: "30000/1001", seconds: 10, video: [
                "-c:v", "libx265", "-pix_fmt", "yuv420p", "-b:v", "300k", "-force_key_frames", "1.0",
                "-x265-params", "log-level=error:keyint=45:min-keyint=1:scenecut=0:open-gop=1:bframes=4", "-f", "mpegts"])
        }
    }

    /// The 25 fps H.264 High source, but with open GOPs (x264 open-gop: recovery-point I pictures
    /// whose leading B-pictures reference the GOP before).
    static func h264OpenGOPSource() throws -> SpliceCheck {
        try cache.check("vod-open.ts") { directory in
            try SpliceSource.make("vod-open.ts", in: directory, rate: "25", seconds: 12, video: [
                "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=50:min-keyint=50:scenecut=0:bframes=3:b-pyramid=normal:open-gop=1", "-f", "mpegts"])
        }
    }

    func testH264OpenGOPSpliceAtNonKeyframesInTS() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.h264OpenGOPSource(), first: 123, end: 211, format: .ts, mode: .accurate))
    }

    func testH264OpenGOPSpliceAtNonKeyframesInFragmentedMP4() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.h264OpenGOPSource(), first: 123, end: 211, format: .fmp4,
                                                 mode: .accurate))
    }

    func testHEVCOpenGOPSpliceAtNonKeyframesInTS() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.hevcSource(), first: 140, end: 230, format: .ts, mode: .accurate))
    }

    func testHEVCOpenGOPSpliceAtNonKeyframesInFragmentedMP4() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.hevcSource(), first: 140, end: 230, format: .fmp4, mode: .accurate))
    }

    func testSpliceAtNonKeyframesAt25fpsInTS() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.source(rate: "25"), first: 123, end: 211, format: .ts, mode: .accurate))
    }

    func testSpliceAtNonKeyframesAt25fpsInFragmentedMP4() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.source(rate: "25"), first: 123, end: 211, format: .fmp4, mode: .accurate))
    }

    func testSpliceAtNonKeyframesAt2997fpsInTS() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.source(rate: "30000/1001"), first: 137, end: 263, format: .ts,
                                                 mode: .accurate))
    }

    func testSpliceAtNonKeyframesAt2997fpsInFragmentedMP4() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.source(rate: "30000/1001"), first: 137, end: 263, format: .fmp4,
                                                 mode: .accurate))
    }

    func testSpanInsideOneGOPThroughTheLibavformatEngine() throws {
        try assertAccurate(try VodSpliceRun.make(try Self.source(rate: "25"), first: 106, end: 139, format: .ts, mode: .accurate) {
            $0.engine = .libavformat
        })
    }

    /// What `assertAccurate` checks, for one run.
    private func assertAccurate(_ r: VodSpliceRun, file: StaticString = #filePath, line: UInt = #line) throws {
        let check = r.check, source = r.source, label = r.label
        let span = r.end - r.first
        XCTAssertFalse(r.primaryPlaylist.lines.contains { $0.hasPrefix("#EXT-X-DISCONTINUITY") }, "\(label): no discontinuity",
                       file: file, line: line)
        XCTAssertEqual(try SpliceTool.decodeErrors(r.primary), "", "\(label): primary decodes cleanly", file: file, line: line)
        XCTAssertEqual(try SpliceTool.decodeErrors(r.asset), "", "\(label): asset decodes cleanly", file: file, line: line)

        // Frame-exact content: pictures compared with the source's by their burned-in numbers
        // (bit-exact where the packets were copied, nearest source picture where re-encoded).
        let assetFrames = try SpliceTool.lumaFrames(r.asset, width: check.width, height: check.height)
        let primaryFrames = try SpliceTool.lumaFrames(r.primary, width: check.width, height: check.height)
        XCTAssertEqual(assetFrames.count, span, "\(label): asset pictures", file: file, line: line)
        XCTAssertEqual(primaryFrames.count, source.video.count - span, "\(label): primary pictures", file: file, line: line)
        let copiedInAsset = r.keyframe(atOrAfter: r.first)..<max(r.keyframe(atOrAfter: r.first), r.keyframe(atOrBefore: r.end))
        FrameMatch.assertShows(assetFrames, sourceFrames: check.sourceFrames, from: r.first,
                               exact: { copiedInAsset.contains(r.first + $0) }, "\(label) asset", file: file, line: line)
        FrameMatch.assertShows(Array(primaryFrames.prefix(r.first)), sourceFrames: check.sourceFrames, from: 0,
                               exact: { $0 < r.keyframe(atOrBefore: r.first) }, "\(label) primary before", file: file, line: line)
        FrameMatch.assertShows(Array(primaryFrames.dropFirst(r.first)), sourceFrames: check.sourceFrames, from: r.end,
                               exact: { r.end + $0 >= r.keyframe(atOrAfter: r.end) }, "\(label) primary after", file: file, line: line)
        XCTAssertEqual(try pictureSpacings(r.primary).count, 1, "\(label): evenly spaced pictures across the removed span",
                       file: file, line: line)

        // Durations: video within one picture, audio within one AAC frame.
        let spanSeconds = Double(span) * r.frameSeconds
        let audioFrame = 1024.0 / 48_000
        XCTAssertEqual(r.assetPlaylist.totalDuration, spanSeconds, accuracy: r.frameSeconds, "\(label): asset EXTINF sum",
                       file: file, line: line)
        XCTAssertEqual(r.primaryPlaylist.totalDuration, Double(source.video.count - span) * r.frameSeconds,
                       accuracy: r.frameSeconds, "\(label): primary EXTINF sum", file: file, line: line)
        XCTAssertEqual(try VodSpliceRun.audioSeconds(r.asset), spanSeconds, accuracy: audioFrame, "\(label): asset audio",
                       file: file, line: line)
        XCTAssertEqual(try VodSpliceRun.audioSeconds(r.primary), try r.sourceAudioSeconds - spanSeconds, accuracy: audioFrame,
                       "\(label): primary audio", file: file, line: line)

        // Segments start where keyframe mode would start them, and at the splice: the re-encoded
        // GOP's own IDR before the splice is no cut point.
        let keyframes = source.video.filter(\.packet.isKeyframe).compactMap { source.displayPTS.firstIndex(of: $0.pts) }
        let allowed = keyframes.filter { $0 < r.first }.map { Double($0) * r.frameSeconds }
            + keyframes.filter { $0 >= r.end }.map { Double($0 - span) * r.frameSeconds } + [Double(r.first) * r.frameSeconds]
        var boundary = 0.0
        for segment in r.primaryPlaylist.segments.dropLast() {
            boundary += segment.duration
            XCTAssertTrue(allowed.contains { abs($0 - boundary) < 0.002 }, "\(label): a primary segment starts at \(boundary) s",
                          file: file, line: line)
        }

        // The interstitial sits at the splice.
        let interstitial = try XCTUnwrap(r.primaryPlaylist.interstitials.first, file: file, line: line)
        let firstPDT = try XCTUnwrap(r.primaryPlaylist.firstProgramDateTime, file: file, line: line)
        let start = try XCTUnwrap(ISOMillis.parse(interstitial["START-DATE"] ?? ""), file: file, line: line)
        XCTAssertEqual(start.timeIntervalSince(firstPDT), Double(r.first) * r.frameSeconds, accuracy: r.frameSeconds,
                       "\(label): START-DATE − first PDT", file: file, line: line)

        let findings = try PlaylistValidator.validate(path: r.output.path,
                                                      maps: [URLMapping.parse("http://127.0.0.1:8000/=" + r.output.path)])
        XCTAssertEqual(findings.filter { $0.severity == .error }.map { "\($0.file):\($0.line) \($0.rule) \($0.message)" }, [],
                       "\(label): validate", file: file, line: line)

        // report.json: one record per edge, cut where asked, with what it re-encoded and cost.
        let edges = try r.spliceEdges()
        XCTAssertEqual(edges.count, 2, "\(label): one record per edge", file: file, line: line)
        for (edge, frame) in zip(edges, [r.first, r.end]) {
            XCTAssertEqual(edge["method"] as? String, "accurate", "\(label): method", file: file, line: line)
            XCTAssertEqual(edge["requested"] as? Double ?? .nan, Double(frame) * r.frameSeconds, accuracy: 0.001,
                           "\(label): requested", file: file, line: line)
            XCTAssertEqual(edge["landed_after_requested"] as? Double, 0, "\(label): the cut landed on the splice", file: file, line: line)
            XCTAssertGreaterThan(edge["frames_reencoded"] as? Int ?? 0, 0, "\(label): frames re-encoded", file: file, line: line)
            XCTAssertGreaterThan(edge["cpu_ms"] as? Double ?? 0, 0, "\(label): cost", file: file, line: line)
        }
        XCTAssertEqual(edges.compactMap { ($0["edges"] as? [String])?.last?.split(separator: " ").last.map(String.init) },
                       ["start", "end"], "\(label): edges named", file: file, line: line)
    }

    /// The distinct gaps between successive video PTS of `file`.
    private func pictureSpacings(_ file: URL) throws -> Set<Int64> {
        let run = try SpliceTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts",
                                                 "-of", "csv=p=0", file.path])
        let pts = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .compactMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))) }.sorted()
        return Set(zip(pts.dropFirst(), pts).map { $0 - $1 })
    }
}
