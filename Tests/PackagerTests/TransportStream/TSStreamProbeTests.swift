import XCTest
@testable import Packager

/// pkgctl's own TS probe against libavformat's, on media made by ffmpeg: where it describes a
/// file it must give libavformat's stream table field for field (the playlists are written from
/// it), and it must decline what only libavformat can describe exactly.
final class TSStreamProbeTests: XCTestCase {
    private static var directory: URL?

    override class func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        super.tearDown()
    }

    /// `arguments` (inputs and encoder settings) encoded by ffmpeg to `name`.ts in the class's directory.
    private func make(_ name: String, _ arguments: [String]) throws -> String {
        let directory = try Self.directory ?? TestMedia.temporaryDirectory()
        Self.directory = directory
        let path = directory.appendingPathComponent(name + ".ts").path
        if !FileManager.default.fileExists(atPath: path) {
            try FFmpegCLI.run(arguments + ["-f", "mpegts", path])
        }
        return path
    }

    private func picture(_ size: String, _ rate: String) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
    }

    private func tone(_ rate: Int, layout: String = "stereo") -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=\(rate),aformat=channel_layouts=\(layout)"]
    }

    func testOwnProbeGivesLibavformatsStreamTable() throws {
        let inputs = [
            TestMedia.liveTS.path,
            // 1080p (coded 1088, cropped at the bottom), 29.97 fps, B-frames, 44.1 kHz stereo.
            try make("h264-1080p-2997", picture("1920x1080", "30000/1001") + tone(44_100) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-c:a", "aac"]),
            // Constrained Baseline, odd size (cropped right and bottom), 25 fps, two AAC tracks (mono 32 kHz, 48 kHz).
            try make("h264-baseline-odd-25", picture("318x178", "25") + tone(32_000, layout: "mono") + tone(48_000)
                     + ["-t", "1", "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-profile:v", "baseline",
                        "-preset", "ultrafast", "-c:a", "aac"]),
            // 23.976 fps Main.
            try make("h264-main-23976", picture("640x360", "24000/1001") + tone(48_000) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx264", "-profile:v", "main", "-preset", "ultrafast", "-c:a", "aac"]),
            // HEVC Main 25 fps, and HEVC Main 10 at 24 fps with a conformance window (426 is no multiple of 8).
            try make("hevc-main-25", picture("640x360", "25") + tone(48_000) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-c:a", "aac"]),
            try make("hevc-main10-24", picture("426x240", "24") + tone(48_000) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-x265-params", "log-level=error",
                     "-c:a", "aac"]),
        ]
        for path in inputs {
            let probe = try XCTUnwrap(try TSStreamProbe.read(path: path), "\(path): the probe declined")
            let own = InputStreams(probe: probe, path: path)
            let theirs = try InputReader(url: path, mode: .media).streams
            let name = URL(fileURLWithPath: path).lastPathComponent
            XCTAssertEqual(own.all, theirs.all, name)
            XCTAssertEqual(own.all.map(\.hasExtradata), theirs.all.map(\.hasExtradata), name)
            XCTAssertEqual(own.all.map(\.frameDuration), theirs.all.map(\.frameDuration), name)
            XCTAssertEqual(own.variants, theirs.variants, name)
            XCTAssertEqual(own.audioIndices, theirs.audioIndices, name)
            let start = try XCTUnwrap(own.startTicks), libavformatStart = try XCTUnwrap(theirs.startTicks)
            XCTAssertLessThanOrEqual(abs(start - libavformatStart), 1, name)
            for video in own.videos {
                let outline = try XCTUnwrap(own.parameters.outlines[video.index], name)
                let codecpar = try XCTUnwrap(theirs.parameters.parameters(of: video.index), name)
                let format = try XCTUnwrap(VideoSourceFormat(codecpar: codecpar, timeBase: .init(num: 1, den: 90_000)), name)
                XCTAssertEqual([outline.profile, outline.bitDepth], [format.profile, format.bitDepth], name)
                XCTAssertTrue(outline.chromaSubsampling == format.chromaSubsampling, name)
                XCTAssertEqual(outline.extradata, format.extradata, name)
                // The deferred snapshot reads the same parameters from libavformat when asked.
                let deferred = try XCTUnwrap(try own.parameters.loadedParameters(of: video.index), name)
                XCTAssertEqual(VideoSourceFormat(codecpar: deferred, timeBase: .init(num: 1, den: 90_000)), format, name)
            }
        }
    }

    func testProbeDeclinesWhatOnlyLibavformatDescribesExactly() throws {
        let declined = [
            try make("mpeg2", picture("320x180", "25") + ["-t", "1", "-c:v", "mpeg2video"]),
            try make("ac3", picture("320x180", "25") + tone(48_000) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "ac3"]),
            // 22.05 kHz AAC: at this rate an ADTS stream may carry SBR, which only a decoder sees.
            try make("aac-22050", picture("320x180", "25") + tone(22_050) + ["-t", "1", "-map", "0", "-map", "1",
                     "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"]),
            // Interlaced H.264 (frame_mbs_only_flag 0).
            try make("h264-interlaced", picture("320x180", "25") + ["-t", "1", "-c:v", "libx264", "-preset", "ultrafast",
                     "-flags", "+ildct+ilme", "-x264-params", "interlaced=1"]),
            // Audio only.
            try make("audio-only", tone(48_000) + ["-t", "1", "-c:a", "aac"]),
        ]
        for path in declined {
            XCTAssertNil(try TSStreamProbe.read(path: path), URL(fileURLWithPath: path).lastPathComponent)
        }
    }

    func testFrameRateSnapsAsLibavformatDoes() {
        XCTAssertTrue(StandardFrameRate.nearest(measured: 90_000 / 3003.0, codec: nil)! == (30_000, 1001))
        XCTAssertTrue(StandardFrameRate.nearest(measured: 90_000 / 3753.75, codec: nil)! == (24_000, 1001))
        XCTAssertTrue(StandardFrameRate.nearest(measured: 25.01, codec: nil)! == (25, 1))
        // Candidates lie every twelfth of a frame per second up to 30.
        XCTAssertTrue(StandardFrameRate.nearest(measured: 25.1, codec: nil)! == (301, 12))
        // Within 1 % of two candidates: the nearer wins; the codec's own rate competes as an equal.
        XCTAssertTrue(StandardFrameRate.nearest(measured: 29.99, codec: nil)! == (30, 1))
        XCTAssertTrue(StandardFrameRate.nearest(measured: 30, codec: 15)! == (15, 1))
        XCTAssertNil(StandardFrameRate.nearest(measured: 400, codec: nil))
    }

    func testVodOfATSWhoseSplicesFallOnKeyframesNeverOpensFFmpeg() throws {
        let out = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let sample = TestMedia.liveTS.path
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let run = try PkgctlBinary.run(["vod", sample, "-o", out.appendingPathComponent("o").path, "--quiet"], environment: environment)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertFalse(run.err.contains("libavformat"), "pkgctl vod opened FFmpeg's libraries")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("o/report.json"))) as? [String: Any]
        XCTAssertEqual((report?["spans"] as? [[String: Any]])?.count, 3)
    }
}
