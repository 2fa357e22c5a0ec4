import XCTest
@testable import Packager

/// Inputs with a stream the segment muxer cannot take. Found by mutating the samples: an AAC PID
/// the PMT declares but whose frames were lost failed every fMP4 conversion with "cannot write
/// the header of 'primary': Invalid argument", and made a live channel reopen its input twice a
/// second for ever — each open reset the outage, so `--input-timeout` never came.
final class UnmuxableStreamTests: TemporaryDirectoriesTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try temporaryDirectory() }

    /// 4 s of H.264 with its AAC PID (0x101, ffmpeg's) still in the PMT and none of its packets.
    private func inputWithoutAudioFrames() throws -> URL {
        let bytes = try TestMedia.bytes(try GeneratedMedia.ts(seconds: 4))
        var kept: [UInt8] = []
        var dropped = 0
        for offset in stride(from: 0, to: bytes.count - 187, by: 188) {
            let pid = Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2])
            if pid == 0x101 { dropped += 1 } else { kept += bytes[offset..<offset + 188] }
        }
        XCTAssertGreaterThan(dropped, 50, "the generated input's audio is on PID 0x101")
        let url = dir.appendingPathComponent("no-audio-frames.ts")
        try Data(kept).write(to: url)
        return url
    }

    /// 4 s of H.264 with SMPTE 302M audio (broadcast contribution feeds carry it): MPEG-TS takes
    /// it, MP4 has no tag for it.
    private func inputWithS302M() throws -> URL {
        let url = dir.appendingPathComponent("s302m.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=f=440:r=48000",
                           "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "s302m", "-strict", "-2",
                           "-ac", "2", "-f", "mpegts", url.path])
        return url
    }

    func testAnAudioPIDWithoutFramesIsLeftOutOfFMP4WithOneWarningNamingIt() throws {
        let input = try inputWithoutAudioFrames()
        for engine in [SegmentEngine.auto, .libavformat] {
            var options = VodOptions()
            options.segmentFormat = .fmp4
            options.engine = engine
            let out = dir.appendingPathComponent("out-\(engine)")
            let report = try VodPipeline.run(input: input.path, output: out, options: options)
            XCTAssertEqual(report.warnings.filter { $0.contains("left out") },
                           ["input '\(input.path)': audio stream 1 (aac, id 0x101) is left out: probing found none of its "
                            + "frames, so nothing gives its sample rate and channels"], "\(engine)")
            let playlist = out.appendingPathComponent("primary/index.m3u8")
            XCTAssertEqual(try MediaCheck.videoPacketCount(of: playlist), 100, "\(engine): every picture of the 4 s")
            XCTAssertNil(try MediaCheck.packetCount(of: playlist, stream: "a:0"), "\(engine): no audio track")
            let master = try String(contentsOf: out.appendingPathComponent("master.m3u8"), encoding: .utf8)
            XCTAssertFalse(master.contains("mp4a"), master)
        }
    }

    func testALiveChannelLeavesTheSameStreamOutAndSaysSoAtItsOpen() throws {
        let input = try inputWithoutAudioFrames()
        for format in [SegmentMuxerFormat.ts, .fmp4] {
            let run = try InProcessLive.run({ $0.segmentFormat = format }, input: input,
                                            output: dir.appendingPathComponent("live-\(format)"))
            XCTAssertEqual(run.outcome, .stopped, "\(format)")
            XCTAssertEqual(run.log.filter { $0.event == "input" }.map(\.action), ["open", "stream_left_out"], "\(format)")
            XCTAssertEqual(run.log.first { $0.action == "stream_left_out" }?.string("note"),
                           "input '\(input.path)': audio stream 1 (aac, id 0x101) is left out: probing found none of its "
                           + "frames, so nothing gives its sample rate and channels")
            XCTAssertEqual(run.log.filter { $0.event == "segment" }.count, 1, "\(format): the 4 s in one segment")
        }
    }

    func testAudioAnFMP4SegmentCannotCarryIsNamedInsteadOfAnInvalidArgument() throws {
        let input = try inputWithS302M()
        var options = VodOptions()
        options.segmentFormat = .fmp4
        XCTAssertThrowsError(try VodPipeline.run(input: input.path, output: dir.appendingPathComponent("out"), options: options)) {
            XCTAssertEqual(String(describing: $0), "cannot write 'primary': fMP4 segments cannot carry the input's audio stream 1 "
                           + "(s302m); MPEG-TS segments (--segment-format ts) may")
        }
    }

    /// The input opens every time and fails before its first picture: one outage, backed off
    /// (0.5, 1 s, then what is left of the 2 s timeout) and given up, never "recovered".
    func testALiveInputThatFailsBeforeItsFirstPictureBacksOffAndGivesUpAtTheInputTimeout() throws {
        let input = try inputWithS302M()
        let run = try InProcessLive.run({
            $0.segmentFormat = .fmp4
            $0.inputTimeout = 2
        }, input: input, output: dir.appendingPathComponent("live"))
        XCTAssertEqual(run.outcome, .inputLost("cannot write 'primary': fMP4 segments cannot carry the input's audio stream 1 "
                                               + "(s302m); MPEG-TS segments (--segment-format ts) may"))
        let events = run.log.filter { $0.event == "input" }
        XCTAssertEqual(events.filter { $0.action == "recovered" }.count, 0)
        let retries = events.filter { $0.action == "retry" }
        XCTAssertEqual(retries.map { $0.fields["attempt"] as? Int }, [1, 2, 3])
        XCTAssertEqual(retries.prefix(2).map { $0.fields["delay_s"] as? Double }, [0.5, 1.0])
        XCTAssertEqual(events.filter { $0.action == "give_up" }.map { $0.fields["attempts"] as? Int }, [4])
        XCTAssertEqual(events.filter { $0.action == "open" }.count, 4)
    }

    func testALiveInputThatFlowsIsNeverReportedRecovered() throws {
        let run = try InProcessLive.run({ _ in }, input: try GeneratedMedia.ts(seconds: 4), output: dir.appendingPathComponent("live"))
        XCTAssertEqual(run.outcome, .stopped)
        XCTAssertEqual(run.log.filter { $0.event == "input" }.map(\.action), ["open"])
    }
}
