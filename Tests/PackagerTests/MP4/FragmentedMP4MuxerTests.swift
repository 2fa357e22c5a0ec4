import XCTest
@testable import Packager

/// pkgctl's own fMP4 muxer: the avcC and the audio clock as libavformat's mp4 muxer makes them,
/// no FFmpeg loaded for a TS file's fMP4 output, and after a run that re-encoded pictures an
/// init that lists the re-encoder's parameter sets beside the source's.
final class FragmentedMP4MuxerTests: XCTestCase {
    // A High-profile SPS and its PPS (x264, 1280x720), as the bench input sends them.
    private let highSPS: [UInt8] = [0x67, 0x64, 0x00, 0x1F, 0xAC, 0xD9, 0x40, 0x50, 0x05, 0xBB, 0x01, 0x10, 0x00, 0x00, 0x03,
                                    0x00, 0x10, 0x00, 0x00, 0x03, 0x03, 0xC0, 0xF1, 0x83, 0x19, 0x60]
    private let pps: [UInt8] = [0x68, 0xEF, 0xBC, 0xB0]

    /// fMP4 of `input` by pkgctl's own muxer, then by libavformat's: the two output directories.
    private func convertWithBothEngines(_ input: URL, into dir: URL) throws -> [URL] {
        try [SegmentEngine.auto, .libavformat].map { engine in
            var options = VodOptions()
            options.segmentFormat = .fmp4
            options.engine = engine
            let out = dir.appendingPathComponent("\(input.deletingPathExtension().lastPathComponent)-\(engine)")
            _ = try VodPipeline.run(input: input.path, output: out, options: options)
            return out
        }
    }

    func testAVCConfigurationOfHighProfileListsItsSetsAndTheChromaAndBitDepthTail() throws {
        // A 4-byte start code before the SPS, a 3-byte one before the PPS, an AUD skipped.
        let annexB: [UInt8] = [0, 0, 0, 1, 0x09, 0xF0] + [0, 0, 0, 1] + highSPS + [0, 0, 1] + pps
        let record = try XCTUnwrap(AVCConfiguration.record(annexB: annexB))
        XCTAssertEqual(record, [1, 0x64, 0x00, 0x1F, 0xFF, 0xE1, 0x00, 26] + highSPS + [1, 0x00, 4] + pps + [0xFD, 0xF8, 0xF8, 0x00])
    }

    func testAVCConfigurationOfBaselineEndsAfterItsPictureParameterSets() throws {
        // Constrained Baseline 320x240 (x264 -profile baseline), no chroma tail for profile 66.
        let sps: [UInt8] = [0x67, 0x42, 0xC0, 0x0D, 0xD9, 0x01, 0x41, 0xFB, 0x01, 0x10, 0x00, 0x00, 0x03, 0x00, 0x10, 0x00, 0x00,
                            0x03, 0x03, 0x20, 0xF1, 0x42, 0xA4, 0x80]
        let record = try XCTUnwrap(AVCConfiguration.record(annexB: [0, 0, 0, 1] + sps + [0, 0, 0, 1] + pps + [0, 0, 0, 1] + pps))
        XCTAssertEqual(record, [1, 0x42, 0xC0, 0x0D, 0xFF, 0xE1, 0x00, 24] + sps + [2, 0x00, 4] + pps + [0x00, 4] + pps)
        XCTAssertNil(AVCConfiguration.record(annexB: [0, 0, 0, 1] + sps), "no PPS: no record")
    }

    func testAudioTimesRescaleToTheSampleRateRoundingHalvesAwayFromZero() {
        XCTAssertEqual(FragmentedMP4Muxer.rescale(1920, to: 44_100), 941)       // 940.8
        XCTAssertEqual(FragmentedMP4Muxer.rescale(-1920, to: 44_100), -941)
        XCTAssertEqual(FragmentedMP4Muxer.rescale(15, to: 48_000), 8)           // 7.9999…
        XCTAssertEqual(FragmentedMP4Muxer.rescale(45, to: 2), 0)                // 0.001
        XCTAssertEqual(FragmentedMP4Muxer.rescale(22_500, to: 2), 1)            // 0.5 up
        XCTAssertEqual(FragmentedMP4Muxer.rescale(-22_500, to: 2), -1)          // -0.5 down
        XCTAssertEqual(FragmentedMP4Muxer.rescale(126_000, to: 90_000), 126_000)
    }

    /// H.264 Main without B-frames (no composition offsets: an edit list only for the start) and
    /// mono 44.1 kHz AAC (the sample entry still says two channels, as the muxer's does): the
    /// init box for box as libavformat's, the same pictures and audio frames.
    func testMainProfileWithoutBFramesAndMonoAudioMatchTheLibavformatPath() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("main-mono.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=480x270:rate=25", "-f", "lavfi", "-i", "sine=f=330:r=44100",
                           "-t", "10", "-ac", "1", "-c:v", "libx264", "-profile:v", "main", "-bf", "0", "-g", "50",
                           "-c:a", "aac", "-b:a", "64k", "-f", "mpegts", input.path])
        let outputs = try convertWithBothEngines(input, into: dir)
        let initName = "primary/" + OutputLayout.initName
        let mine = try Data(contentsOf: outputs[0].appendingPathComponent(initName))
        XCTAssertEqual(MP4InitLeaves.unexpectedDifferences(ours: mine, theirs: try Data(contentsOf: outputs[1].appendingPathComponent(initName))), [])
        let leaves = MP4InitLeaves.leaves(mine)
        XCTAssertEqual(leaves.filter { $0.path.hasSuffix("/elst") }.count, 2, "one edit list per track")
        let mp4a = try XCTUnwrap(leaves.first { $0.path.hasSuffix("/stsd/mp4a") })
        XCTAssertEqual(Array(mp4a.payload[16..<18]), [0, 2], "channel count field")
        let playlist = "primary/index.m3u8"
        XCTAssertEqual(try MediaTool.frameHashes(outputs[0].appendingPathComponent(playlist), maps: ["0:v"], copy: false),
                       try MediaTool.frameHashes(outputs[1].appendingPathComponent(playlist), maps: ["0:v"], copy: false))
        let audio = { (out: URL) in try MediaTool.frameHashes(out.appendingPathComponent(playlist), maps: ["0:a"], copy: false).map { $0[5] } }
        XCTAssertEqual(try audio(outputs[0]), try audio(outputs[1]))
    }

    /// A full VUI colour description gets a colr (nclx) box with its values as they are, as
    /// libavformat's muxer writes it: BT.709 limited range, and BT.2020 PQ full range.
    func testColourDescriptionsGetTheColrBoxLibavformatWrites() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, colour) in [("bt709", ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"]),
                               ("pq", ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
                                       "-color_range", "pc"])] {
            let input = dir.appendingPathComponent(name + ".ts")
            try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=f=330:r=48000",
                               "-t", "4", "-c:v", "libx264"] + colour + ["-c:a", "aac", "-f", "mpegts", input.path])
            let probe = try XCTUnwrap(try TSStreamProbe.read(path: input.path))
            XCTAssertNotNil(MP4StreamFormat.formats(of: probe), name)
            let inits = try convertWithBothEngines(input, into: dir).map {
                try Data(contentsOf: $0.appendingPathComponent("primary/init.mp4"))
            }
            XCTAssertEqual(MP4InitLeaves.unexpectedDifferences(ours: inits[0], theirs: inits[1]), [], name)
            let colr = try XCTUnwrap(MP4InitLeaves.leaves(inits[0]).first { $0.path.hasSuffix("/avc1/colr") }, name)
            XCTAssertEqual(colr.payload, Array("nclx".utf8) + (name == "pq" ? [0, 9, 0, 16, 0, 9, 0x80] : [0, 1, 0, 1, 0, 1, 0]), name)
        }
    }

    func testFragmentedMP4VodOfATSNeverOpensFFmpegAndWritesItsOwnEncoderTag() throws {
        let out = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let dir = out.appendingPathComponent("o")
        let run = try PkgctlBinary.run(["vod", TestMedia.liveTS.path, "-o", dir.path, "--segment-format", "fmp4", "--quiet"],
                                       environment: environment)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertFalse(run.err.contains("libavformat"), "pkgctl vod --segment-format fmp4 opened FFmpeg's libraries")
        XCTAssertFalse(run.err.contains("libavcodec"), "pkgctl vod --segment-format fmp4 opened FFmpeg's libraries")
        let leaves = MP4InitLeaves.leaves(try Data(contentsOf: dir.appendingPathComponent("primary/init.mp4")))
        XCTAssertEqual(leaves.map(\.path).filter { $0.hasSuffix("/avc1") || $0.hasSuffix("/mp4a") },
                       ["/moov/trak/mdia/minf/stbl/stsd/avc1", "/moov/trak/mdia/minf/stbl/stsd/mp4a"])
        XCTAssertEqual(leaves.first { $0.path == "/moov/mvhd" }?.payload.suffix(4), [0, 0, 0, 3], "next_track_ID after 2 tracks")
        let meta = try XCTUnwrap(leaves.first { $0.path == "/moov/udta/meta" })
        XCTAssertEqual(Array(meta.payload.suffix(6)), Array("pkgctl".utf8))
        XCTAssertEqual(try SpliceTool.decodeErrors(dir.appendingPathComponent("primary/index.m3u8")), "")
    }

    /// Mid-GOP splices re-encode pictures (FFmpeg is opened then): every init of the run is
    /// written again after it with x264's SPS/PPS (ids 1) beside the source's (ids 0), and the
    /// primary, whose first segment closed before any re-encode, decodes without an error.
    func testInitsListTheReencodersParameterSetsOnceARunReencodedPictures() throws {
        let run = try VodSpliceRun.make(try VodAccurateSpliceTests.source(rate: "25"), first: 123, end: 211, format: .fmp4,
                                        mode: .accurate)
        XCTAssertGreaterThan(run.report.splices?.edges.map(\.framesReencoded).reduce(0, +) ?? 0, 0)
        let assets = run.output.appendingPathComponent("assets")
        let assetDirectory = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: assets.path).first)
        for initURL in [run.output.appendingPathComponent("primary/init.mp4"),
                        assets.appendingPathComponent(assetDirectory).appendingPathComponent(OutputLayout.initName)] {
            let avcC = try XCTUnwrap(MP4InitLeaves.leaves(try Data(contentsOf: initURL)).first { $0.path.hasSuffix("/avcC") })
            let sets = MP4InitLeaves.parameterSets(avcC: avcC.payload)
            XCTAssertEqual(sets.sps.compactMap { H264ParameterSetID.sps($0) }, [0, 1], initURL.path)
            XCTAssertEqual(sets.pps.compactMap { H264ParameterSetID.pps($0)?.pps }, [0, 1], initURL.path)
        }
        XCTAssertEqual(try SpliceTool.decodeErrors(run.primary), "")
        XCTAssertEqual(try SpliceTool.decodeErrors(run.asset), "")
    }
}

extension FragmentedMP4MuxerTests {
    /// In the single-file layout the revised init is longer than the one at the file's start:
    /// the file is written again, and every range after the init moves with it.
    func testSingleFileOfARunThatReencodedStartsWithTheRevisedInitAndItsRangesMove() throws {
        let check = try VodAccurateSpliceTests.source(rate: "25")
        let files = try VodSpliceRun.make(check, first: 123, end: 211, format: .fmp4, mode: .accurate)
        let single = check.directory.appendingPathComponent("single-file-own")
        try? FileManager.default.removeItem(at: single)
        var options = VodOptions()
        options.segmentFormat = .fmp4
        options.segmentDuration = 2
        options.sidecar = check.directory.appendingPathComponent(files.output.lastPathComponent + ".cues")
        options.splice = .accurate
        options.singleFile = true
        _ = try VodPipeline.run(input: check.source.url.path, output: single, options: options)
        let primary = files.output.appendingPathComponent("primary")
        var expected = try Data(contentsOf: primary.appendingPathComponent(OutputLayout.initName))
        for segment in files.primaryPlaylist.segments { expected += try Data(contentsOf: primary.appendingPathComponent(segment.uri)) }
        XCTAssertTrue(try Data(contentsOf: single.appendingPathComponent("primary/media.mp4")) == expected)
        let initSize = try Data(contentsOf: primary.appendingPathComponent(OutputLayout.initName)).count
        let text = try String(contentsOf: single.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        XCTAssertTrue(text.contains("#EXT-X-MAP:URI=\"media.mp4\",BYTERANGE=\"\(initSize)@0\""), text)
        XCTAssertEqual(try SpliceTool.decodeErrors(single.appendingPathComponent("primary/index.m3u8")), "")
    }
}
