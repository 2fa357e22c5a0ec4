import Foundation
import XCTest
@testable import Packager

/// FFmpeg's own log (av_log) goes into pkgctl's JSON log with its level, rate-limited, never raw
/// on stderr. Before, `pkgctl live` on an input joined mid-GOP wrote lines such as
/// "[h264 @ 0x55…] non-existing PPS 0 referenced" straight to stderr, between its JSON lines.
final class FFmpegLogCaptureTests: XCTestCase {
    private var directory: URL?

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    private func message(_ text: String) -> FFmpegLogMessage {
        FFmpegLogMessage(level: 16, component: "mpegts", text: text)
    }

    private func parse(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    func testForwarderLetsABurstThroughThenCountsWhatItHoldsBack() {
        let clock = Clock()
        let lines = LineRecorder()
        let log = EventLog(clock: { clock.now }, output: { lines.append($0) })
        let forwarder = FFmpegLogForwarder(log: log, burst: 3, perSecond: 1, clock: { clock.now })
        for i in 0..<10 { forwarder.forward(message("corrupt \(i)")) }
        XCTAssertEqual(parse(lines.lines).compactMap { $0["message"] as? String }, ["corrupt 0", "corrupt 1", "corrupt 2"])
        clock.now += 2                                  // two tokens back
        for i in 10..<15 { forwarder.forward(message("corrupt \(i)")) }
        let after = parse(lines.lines).dropFirst(3)
        XCTAssertEqual(after.compactMap { $0["message"] as? String }, ["corrupt 10", "corrupt 11"])
        XCTAssertEqual(after.first?["suppressed_before"] as? Int, 7)
        XCTAssertNil(after.last?["suppressed_before"])
        forwarder.flush()
        let summary = parse(lines.lines).last
        XCTAssertEqual(summary?["action"] as? String, "suppressed")
        XCTAssertEqual(summary?["count"] as? Int, 3)
        XCTAssertEqual(summary?["level"] as? String, "warn")
    }

    func testFFmpegErrorsAreWarningsAndOnlyFatalOrPanicAreErrors() {
        let levels: [(Int32, LogLevel, String)] = [(0, .error, "panic"), (8, .error, "fatal"), (16, .warn, "error"),
                                                   (24, .warn, "warning"), (32, .info, "info"), (40, .info, "verbose")]
        for (level, expected, name) in levels {
            let m = FFmpegLogMessage(level: level, component: "", text: "x")
            XCTAssertEqual(m.logLevel, expected, "\(level)")
            XCTAssertEqual(m.levelName, name, "\(level)")
        }
    }

    /// A TS starting in the middle of a GOP: probing it makes the H.264 decoder log at error level.
    private func joinedMidGOP() throws -> URL {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let bytes = try Data(contentsOf: try ReliabilityMedia.programme(seconds: 6))
        let url = dir.appendingPathComponent("mid-gop.ts")
        try bytes.subdata(in: (188 * 400)..<bytes.count).write(to: url)
        return url
    }

    func testAVLogLinesAreCapturedIntoTheJSONLogWithComponentAndLevel() throws {
        let input = try joinedMidGOP()
        let lines = LineRecorder()
        let forwarder = FFmpegLogForwarder(log: EventLog(output: { lines.append($0) }), burst: 100)
        forwarder.start()
        _ = try InputReader(url: input.path, mode: .media)
        forwarder.stop()
        let captured = parse(lines.lines).filter { $0["event"] as? String == "ffmpeg" }
        let pps = captured.filter { ($0["message"] as? String)?.hasPrefix("non-existing PPS") == true }
        XCTAssertFalse(pps.isEmpty, "no H.264 line captured: \(lines.lines)")
        XCTAssertEqual(pps.first?["component"] as? String, "h264")
        XCTAssertEqual(pps.first?["level"] as? String, "warn")
        XCTAssertEqual(pps.first?["ffmpeg_level"] as? String, "error")
        // Removed: FFmpeg logs to stderr again, nothing more reaches this log.
        let count = lines.lines.count
        _ = try InputReader(url: input.path, mode: .media)
        XCTAssertEqual(lines.lines.count, count)
    }

    func testPkgctlLiveWritesOnlyJSONLinesToStderrWhenFFmpegComplains() throws {
        let input = try joinedMidGOP()
        let out = input.deletingLastPathComponent().appendingPathComponent("out")
        // The libavformat engine: the byte-level one reads a TS file without FFmpeg (LiveFileInput).
        let process = try PkgctlLiveProcess(["live", "-i", input.path, "-o", out.path, "--window", "5", "--engine", "libavformat"])
        let exit = process.waitForExit(timeout: 30)
        XCTAssertEqual(exit?.status, 0, process.transcript)
        XCTAssertEqual(process.plainStderr, [], "raw lines on stderr")
        XCTAssertTrue(process.log.contains { $0.event == "ffmpeg" && $0.string("component") == "h264" },
                      "FFmpeg's lines are not in the JSON log: \(process.transcript)")
    }
}
