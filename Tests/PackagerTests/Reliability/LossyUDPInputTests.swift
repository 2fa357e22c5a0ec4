import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` on a UDP input that loses, damages and repeats packets on the way: the damage
/// costs the packets it hit and never the input — no reconnect, no needless DISCONTINUITY, every
/// playlist version valid, no EXTINF that rounds above TARGETDURATION.
final class LossyUDPInputTests: XCTestCase {
    private var output: URL?

    override func tearDown() {
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    private func run(_ fault: FaultyUDPRelay.Fault, seed: UInt64 = 7, engine: SegmentEngine = .libavformat) throws -> UDPLiveRun {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        // 16× real time: 30 s of media in under 2 s (about 11 Mb/s on loopback). The damage is
        // drawn per packet from the seed, so what reaches pkgctl is the same at any pace.
        return try UDPLiveRun.run(file: try ReliabilityMedia.programme(seconds: 30), fault: fault, speed: 16, seed: seed,
                                  output: dir) {
            $0.engine = engine
        }
    }

    /// What every faulty run must show; `minimumSeconds`: media the last version must list.
    private func assertAbsorbed(_ run: UDPLiveRun, minimumSeconds: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(run.outcome, .stopped, file: file, line: line)
        XCTAssertEqual(run.reconnects, [], "damaged packets were treated as a lost input", file: file, line: line)
        let versions = run.versions
        try LiveChecks.assertVersionsValid(versions, maps: LiveChecks.assetMap(run.output), file: file, line: line)
        let parsed = versions.map { LivePlaylistText($0.text) }
        LiveChecks.assertSequencesMonotonic(parsed, file: file, line: line)
        for version in parsed {
            let target = version.targetDuration ?? 0
            let over = version.segments.filter { Int($0.duration.rounded()) > target }.map { "\($0.uri) \($0.duration)" }
            XCTAssertEqual(over, [], "EXTINF above TARGETDURATION:\(target)", file: file, line: line)
        }
        guard let last = parsed.last else { return XCTFail("no playlist version", file: file, line: line) }
        XCTAssertEqual(last.segments.filter(\.discontinuity).map(\.uri), [], "a DISCONTINUITY without a new timeline",
                       file: file, line: line)
        let listed = last.segments.map(\.duration).reduce(0, +)
        XCTAssertGreaterThanOrEqual(listed, minimumSeconds, "only \(listed) s of 30 s published", file: file, line: line)
    }

    func testOnePercentPacketLossIsAbsorbedWithoutReconnect() throws {
        let run = try run(.drop(0.01))
        XCTAssertGreaterThan(run.tally.dropped, 50)
        try assertAbsorbed(run, minimumSeconds: 24)
    }

    func testFivePercentPacketLossIsAbsorbedWithoutReconnect() throws {
        let run = try run(.drop(0.05))
        XCTAssertGreaterThan(run.tally.dropped, 250)
        try assertAbsorbed(run, minimumSeconds: 20)
    }

    func testBurstsOf200LostPacketsAreAbsorbedWithoutReconnect() throws {
        let run = try run(.burst(rate: 0.002, length: 200))
        XCTAssertGreaterThanOrEqual(run.tally.dropped, 400)
        try assertAbsorbed(run, minimumSeconds: 20)
    }

    func testCorruptedBytesAreAbsorbedWithoutReconnectAndFFmpegSpeaksInJSON() throws {
        // FFmpeg's level is process-wide (other tests set pkgctl's default, errors only); the
        // demuxer reports damage as warnings.
        FFmpegLibraries.quietLogs(environment: ["PKGCTL_FFMPEG_LOG": "warning"])
        defer { FFmpegLibraries.quietLogs(environment: [:]) }
        let run = try run(.corrupt(0.01, bytes: 8))
        XCTAssertGreaterThan(run.tally.corrupted, 50)
        try assertAbsorbed(run, minimumSeconds: 24)
        // What the damage did is said in the log: packets pkgctl dropped, and FFmpeg's own lines
        // as JSON with their level.
        let dropped = run.log.compactMap { $0.string("warning") }.filter { $0.contains("damaged packet(s) dropped") }
        XCTAssertFalse(dropped.isEmpty, "no log line names the dropped packets")
        let ffmpeg = run.log.filter { $0.event == "ffmpeg" && $0.action.isEmpty }
        XCTAssertFalse(ffmpeg.isEmpty, "no FFmpeg line captured")
        let levels = ["panic": "error", "fatal": "error", "error": "warn", "warning": "warn", "info": "info"]
        for line in ffmpeg {
            XCTAssertEqual(line.string("ffmpeg_level").flatMap { levels[$0] }, line.level, line.raw)
            XCTAssertFalse((line.string("message") ?? "").isEmpty, line.raw)
            XCTAssertFalse((line.string("message") ?? "").hasPrefix("["), "FFmpeg's prefix left in: \(line.raw)")
        }
        XCTAssertTrue(ffmpeg.contains { $0.string("component") == "mpegts" }, "no line from the TS demuxer")
    }

    /// The byte-level engine has no demuxer to flag damage; its units go through the same
    /// sanitizer, so a damaged timestamp costs its unit, not a segment hours long.
    func testCorruptedBytesAreAbsorbedByTheByteEngine() throws {
        let run = try run(.corrupt(0.01, bytes: 8), engine: .auto)
        XCTAssertEqual(run.log.filter { $0.action == "open" }.compactMap { $0.string("engine") }, ["bytes"])
        XCTAssertGreaterThan(run.tally.corrupted, 50)
        try assertAbsorbed(run, minimumSeconds: 24)
        let dropped = run.log.compactMap { $0.string("warning") }.filter { $0.contains("damaged packet(s) dropped") }
        XCTAssertFalse(dropped.isEmpty, "no log line names the dropped packets")
    }

    func testOnePercentPacketLossIsAbsorbedByTheByteEngine() throws {
        let run = try run(.drop(0.01), engine: .auto)
        XCTAssertGreaterThan(run.tally.dropped, 50)
        try assertAbsorbed(run, minimumSeconds: 24)
    }

    func testDuplicatedPacketsAreAbsorbedWithoutReconnect() throws {
        let run = try run(.duplicate(0.01))
        XCTAssertGreaterThan(run.tally.duplicated, 50)
        try assertAbsorbed(run, minimumSeconds: 26)
    }

    func testCleanInputDropsNothing() throws {
        let run = try run(.none)
        try assertAbsorbed(run, minimumSeconds: 29)
        XCTAssertEqual(run.log.compactMap { $0.string("warning") }.filter { $0.contains("dropped") }, [])
    }
}
