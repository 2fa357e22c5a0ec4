import XCTest
@testable import Packager

/// `pkgctl live --channels DIR`: one channel per configuration file in one process, one thread
/// each, a failing channel confined to itself, SIGTERM stopping all of them cleanly.
final class LiveChannelsTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func writeConfig(_ name: String, _ live: [String: Any], in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: ["live": live], options: [.sortedKeys])
        try data.write(to: folder.appendingPathComponent(name + ".json"))
    }

    /// What a playlist lists, without its wall-clock PDTs: the segment URIs and durations.
    private func listing(_ playlist: URL) throws -> [String] {
        try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("#EXTINF:") || $0.hasPrefix("seg_") || $0 == "#EXT-X-ENDLIST" }
    }

    func testChannelBesideABrokenInputAndAnUnwritableOutputPublishesWhatItPublishesAlone() throws {
        let channels = dir.appendingPathComponent("channels")
        let garbage = dir.appendingPathComponent("garbage.ts")
        try Data(repeating: 0x5A, count: 64 * 1024).write(to: garbage)
        let blocker = dir.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let good = dir.appendingPathComponent("out/news")
        try writeConfig("news", ["input": TestMedia.liveTS.path, "output": good.path, "event": true, "endlist_on_exit": true],
                        in: channels)
        try writeConfig("broken", ["input": garbage.path, "output": dir.appendingPathComponent("out/broken").path,
                                   "input_timeout": 1], in: channels)
        try writeConfig("sports", ["input": TestMedia.liveTS.path, "output": blocker.appendingPathComponent("sports").path],
                        in: channels)
        let directory = try ChannelDirectory(path: channels.path)
        XCTAssertEqual(directory.channels.map(\.name), ["broken", "news", "sports"])
        let lines = LineRecorder()
        let results = ChannelGroup(channels: directory.channels, log: { EventLog(channel: $0, output: lines.append) }).run()

        XCTAssertEqual(results.map(\.name), ["broken", "news", "sports"])
        guard case .inputLost(let lost) = results[0].outcome else { return XCTFail("broken: \(results[0].outcome)") }
        XCTAssertTrue(lost.contains(garbage.path), lost)
        XCTAssertEqual(results[1].outcome, .stopped)
        guard case .notStarted(let why) = results[2].outcome else { return XCTFail("sports: \(results[2].outcome)") }
        XCTAssertTrue(why.hasPrefix("cannot use output '\(blocker.path)/sports: "), why)
        XCTAssertTrue(lines.lines.contains { $0.contains(#""channel":"sports""#) && $0.contains(#""outcome":"not started""#) })

        let playlist = good.appendingPathComponent("primary/index.m3u8")
        XCTAssertEqual(LiveChecks.errors(try PlaylistValidator.validate(path: playlist.path, maps: LiveChecks.assetMap(good))), [])
        let solo = try InProcessLive.run({ $0.event = true; $0.endlistOnExit = true }, input: TestMedia.liveTS,
                                         output: dir.appendingPathComponent("alone"))
        XCTAssertEqual(solo.outcome, .stopped)
        let expected = try listing(solo.output.appendingPathComponent("primary/index.m3u8"))
        XCTAssertEqual(expected.last, "#EXT-X-ENDLIST")
        XCTAssertGreaterThan(expected.count, 40)
        XCTAssertEqual(try listing(playlist), expected)
    }

    func testStopFinishesEveryChannelWithItsStateSavedAndEndList() throws {
        let channels = dir.appendingPathComponent("channels")
        for name in ["a", "b"] {
            try writeConfig(name, ["input": TestMedia.liveTS.path, "output": dir.appendingPathComponent("out/\(name)").path,
                                   "endlist_on_exit": true], in: channels)
        }
        var flags = PipelineConfiguration()     // --realtime --speed 6, for every channel
        flags.live.realtime = true
        flags.live.speed = 6
        let group = ChannelGroup(channels: try ChannelDirectory(path: channels.path, flags: flags).channels,
                                 log: { EventLog(channel: $0, output: { _ in }) })
        var results: [ChannelGroup.Result] = []
        let finished = expectation(description: "every channel returned")
        Thread { results = group.run(); finished.fulfill() }.start()
        let first = { (name: String) in self.dir.appendingPathComponent("out/\(name)/primary/seg_00001.ts").path }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !["a", "b"].allSatisfy({ FileManager.default.fileExists(atPath: first($0)) }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        group.stop()
        wait(for: [finished], timeout: 30)
        XCTAssertEqual(results, [.init(name: "a", outcome: .stopped), .init(name: "b", outcome: .stopped)])
        for name in ["a", "b"] {
            let out = dir.appendingPathComponent("out/\(name)")
            let text = try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
            XCTAssertTrue(text.hasSuffix("#EXT-X-ENDLIST\n"), name)
            XCTAssertLessThan(try listing(out.appendingPathComponent("primary/index.m3u8")).count, 40, "\(name) stopped early")
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(".pkgctl-live-state.json").path), name)
        }
    }

    /// The command as an operator runs it: SIGTERM reaches every channel, each finishes its
    /// segment and publishes its final version, and the process exits 0.
    func testSIGTERMStopsEveryChannelOfTheProcessAndExitsZero() throws {
        let channels = dir.appendingPathComponent("channels")
        for name in ["a", "b"] {
            try writeConfig(name, ["input": TestMedia.liveTS.path, "output": dir.appendingPathComponent("out/\(name)").path,
                                   "endlist_on_exit": true], in: channels)
        }
        let process = try PkgctlLiveProcess(["live", "--channels", channels.path, "--realtime", "--speed", "6"])
        defer { process.kill() }
        for name in ["a", "b"] {
            XCTAssertNotNil(process.waitForLog(timeout: 30) { $0.event == "segment" && $0.string("channel") == name },
                            process.transcript)
        }
        process.signal(SIGTERM)
        let exit = try XCTUnwrap(process.waitForExit(timeout: 30), "still running after SIGTERM")
        XCTAssertEqual(exit.status, 0, process.transcript)
        XCTAssertFalse(exit.signalled)
        XCTAssertEqual(Set(process.log.filter { $0.event == "shutdown" && $0.string("outcome") == "stopped" }
                              .compactMap { $0.string("channel") }), ["a", "b"])
        for name in ["a", "b"] {
            let text = try String(contentsOf: dir.appendingPathComponent("out/\(name)/primary/index.m3u8"), encoding: .utf8)
            XCTAssertTrue(text.hasSuffix("#EXT-X-ENDLIST\n"), name)
        }
    }

    func testPerChannelFlagWithChannelsIsAUsageError() throws {
        let run = try PkgctlBinary.run(["live", "--channels", dir.path, "-o", "/tmp/x"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.hasPrefix("pkgctl live: --output names one channel's setting; with --channels it goes in that channel's file\n"),
                      run.err)
    }

    func testTwoChannelsWritingOneOutputAreRefusedNamingBothFiles() throws {
        let channels = dir.appendingPathComponent("channels")
        let out = dir.appendingPathComponent("out").path
        try writeConfig("a", ["input": "udp://127.0.0.1:5000", "output": out], in: channels)
        try writeConfig("b", ["input": "udp://127.0.0.1:5001", "output": out + "/"], in: channels)
        XCTAssertThrowsError(try ChannelDirectory(path: channels.path)) { error in
            XCTAssertEqual(error as? ChannelDirectoryError,
                           .sameOutput(out + "/", files: [channels.appendingPathComponent("a.json").path,
                                                          channels.appendingPathComponent("b.json").path]))
        }
    }

    func testFlagsApplyToEveryChannelAndTheFileNameNamesAChannelWithoutOne() throws {
        let channels = dir.appendingPathComponent("channels")
        try writeConfig("news", ["input": "udp://127.0.0.1:5000", "output": dir.appendingPathComponent("n").path], in: channels)
        try writeConfig("z", ["input": "udp://127.0.0.1:5001", "output": dir.appendingPathComponent("s").path, "channel": "sports"],
                        in: channels)
        var flags = PipelineConfiguration()
        flags.live.windowSeconds = 120
        let loaded = try ChannelDirectory(path: channels.path, flags: flags).channels
        XCTAssertEqual(loaded.map(\.name), ["news", "sports"])
        XCTAssertEqual(loaded.map(\.options.channel), ["news", "sports"])
        XCTAssertEqual(loaded.map(\.options.windowSeconds), [120, 120])
        XCTAssertEqual(loaded.map { $0.options.inputOptions["fifo_size"] }, ["11155", "11155"])
    }

    func testGlibcTakesTheServiceHeapSettings() {
        XCTAssertTrue(ServiceHeap.configure())
    }
}
