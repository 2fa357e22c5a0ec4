import XCTest
@testable import Packager

/// `--media` on pkgctl's own outputs: untouched they give no finding at all; each damage
/// done here is found with its rule and file.
final class MediaCheckTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func brokenCopy(_ format: SegmentMuxerFormat = .ts) throws -> URL {
        try VodOutputs.copy(try VodOutputs.sample(format), into: directory)
    }

    func testUntouchedTSAndFragmentedMP4OutputsHaveNoFindings() throws {
        for format in SegmentMuxerFormat.allCases {
            let output = try VodOutputs.sample(format)
            XCTAssertEqual(VodOutputs.summary(try VodOutputs.validate(output), in: output), [], format.rawValue)
        }
    }

    func testUntouchedTwoRenditionOutputHasNoFindings() throws {
        let media = try TwoRenditionMedia.make(in: directory)
        var options = VodOptions()
        options.sidecar = media.cues
        let output = directory.appendingPathComponent("out")
        _ = try VodPipeline.run(input: media.ts.path, output: output, options: options)
        XCTAssertEqual(VodOutputs.summary(try VodOutputs.validate(output), in: output), [])
    }

    func testDeletedSegmentIsMissingAtItsLine() throws {
        let output = try brokenCopy()
        try FileManager.default.removeItem(at: output.appendingPathComponent("primary/seg_00003.ts"))
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output), ["primary/index.m3u8:18 media-missing error"])
        XCTAssertEqual(findings.first?.referencedFrom, output.appendingPathComponent("master.m3u8").path + ":4")
    }

    func testTruncatedSegmentIsCaughtByItsSizeAndItsDuration() throws {
        let output = try brokenCopy()
        let segment = output.appendingPathComponent("primary/seg_00005.ts")
        try Data(try TestMedia.bytes(segment).prefix(100_000)).write(to: segment)
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output),
                       ["primary/index.m3u8:25 media-unreadable error", "primary/index.m3u8:25 media-duration error"])
        XCTAssertEqual(findings.first?.message, "segment seg_00005.ts is 100000 bytes, not a whole number of 188-byte TS packets: it is truncated")
    }

    func testWrongExtinfDiffersFromTheMeasuredDuration() throws {
        let output = try brokenCopy()
        try VodOutputs.edit(output.appendingPathComponent("primary/index.m3u8")) {
            $0.replacingOccurrences(of: "#EXTINF:6.000,\nseg_00007.ts", with: "#EXTINF:5.000,\nseg_00007.ts")
        }
        let findings = try VodOutputs.validate(output)
        // The segment bit rate is its size over its EXTINF (HLS §4.1): the same bytes over
        // 5 s instead of 6 lift the peak 20 % past the declared BANDWIDTH.
        XCTAssertEqual(VodOutputs.summary(findings, in: output),
                       ["primary/index.m3u8:31 media-duration error", "master.m3u8:3 media-bandwidth error"])
        XCTAssertEqual(findings.first?.message, "segment seg_00007.ts lasts 6.000 s but its EXTINF says 5.000 s (tolerance 0.1 s)")
    }

    func testSegmentStartingWithANonKeyframeBreaksIndependentSegments() throws {
        let output = try brokenCopy()
        let segment = output.appendingPathComponent("primary/seg_00004.ts")
        let edited = try XCTUnwrap(TransportStreamEdit.droppingFirstVideoFrame(try TestMedia.bytes(segment)))
        try Data(edited).write(to: segment)
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output), ["primary/index.m3u8:22 media-keyframe error"])
    }

    func testCodecsThatDoNotMatchTheMediaAreFound() throws {
        let output = try brokenCopy()
        try VodOutputs.edit(output.appendingPathComponent("master.m3u8")) {
            $0.replacingOccurrences(of: "avc1.640028", with: "avc1.42E01E")
        }
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output), ["master.m3u8:3 media-codecs error", "master.m3u8:3 media-codecs warning"])
        XCTAssertEqual(findings.first?.message, #"segments carry avc1.640028 but CODECS="avc1.42E01E,mp4a.40.2" does not list it"#)
    }

    func testTimestampJumpWithoutDiscontinuityIsFound() throws {
        let output = try brokenCopy()
        try VodOutputs.edit(output.appendingPathComponent("primary/index.m3u8")) {
            $0.replacingOccurrences(of: "#EXTINF:6.000,\nseg_00012.ts", with: "#EXTINF:6.000,\nseg_00015.ts")
        }
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output),
                       ["primary/index.m3u8:47 media-continuity error", "primary/index.m3u8:50 media-continuity error"])
        XCTAssertEqual(findings.first?.message,
                       "segment seg_00015.ts starts at 3687.400 s, a gap of 18.000 s after seg_00011.ts ends, without EXT-X-DISCONTINUITY")
    }

    func testBandwidthBelowTheMeasuredPeakAndWrongResolutionAndFrameRateAreFound() throws {
        let output = try brokenCopy()
        try VodOutputs.edit(output.appendingPathComponent("master.m3u8")) {
            // A BANDWIDTH far below any measured peak (whichever engine cut the segments), and no
            // AVERAGE-BANDWIDTH (optional), so only the peak is judged.
            $0.replacingOccurrences(of: #"AVERAGE-BANDWIDTH=[0-9]+,"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"BANDWIDTH=[0-9]+,"#, with: "BANDWIDTH=100000,", options: .regularExpression)
                .replacingOccurrences(of: "RESOLUTION=1280x720,FRAME-RATE=30.000", with: "RESOLUTION=1920x1080,FRAME-RATE=25.000")
        }
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output),
                       ["master.m3u8:3 media-resolution warning", "master.m3u8:3 media-frame-rate warning", "master.m3u8:3 media-bandwidth error"])
    }

    func testMissingInitSectionOfFragmentedMP4IsFoundOnce() throws {
        let output = try brokenCopy(.fmp4)
        try FileManager.default.removeItem(at: output.appendingPathComponent("primary/init.mp4"))
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output), ["primary/index.m3u8:6 media-missing error"])
        XCTAssertTrue(findings.first?.message.hasPrefix("init section init.mp4 resolves to") ?? false)
    }

    func testDeletedAssetSegmentIsFoundThroughItsInterstitial() throws {
        let output = try brokenCopy()
        try FileManager.default.removeItem(at: output.appendingPathComponent("assets/ad-1001-1/seg_00002.ts"))
        let findings = try VodOutputs.validate(output)
        XCTAssertEqual(VodOutputs.summary(findings, in: output), ["assets/ad-1001-1/index.m3u8:14 media-missing error"])
        let master = output.appendingPathComponent("master.m3u8").path, primary = output.appendingPathComponent("primary/index.m3u8").path
        XCTAssertEqual(findings.first?.referencedFrom, "\(primary):19 ← \(master):4")
    }

    func testMediaOffReadsNoSegment() throws {
        let output = try brokenCopy()
        try FileManager.default.removeItem(at: output.appendingPathComponent("primary/seg_00003.ts"))
        let findings = try PlaylistValidator.validate(input: output.path, options: ValidateOptions(media: .off))
        XCTAssertEqual(findings.map(\.rule), [])
    }
}

/// Segments that are not media at all are findings, never crashes.
final class MediaProbeRobustnessTests: XCTestCase {
    func testGarbageSegmentIsUnreadableAndEmptyOneHoldsNoPackets() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(seed: 0xBAD5E6)
        let garbage = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(garbage).write(to: directory.appendingPathComponent("garbage.ts"))
        try Data().write(to: directory.appendingPathComponent("empty.ts"))
        let playlist = directory.appendingPathComponent("p.m3u8")
        try Data("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\ngarbage.ts\n#EXTINF:6.0,\nempty.ts\n#EXT-X-ENDLIST\n".utf8)
            .write(to: playlist)
        let findings = try PlaylistValidator.validate(input: playlist.path, options: ValidateOptions(media: .on))
        XCTAssertEqual(findings.map { "\($0.rule.rawValue)@\($0.line)" }, ["media-unreadable@5", "media-unreadable@7"])
    }
}
