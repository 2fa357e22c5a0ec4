import Foundation
import XCTest
@testable import Packager
import Primitives

/// Issue 15 item 7 with real processes: two `pkgctl live --clock …` on one UDP feed (fanned out
/// to both, as a multicast group would), the second started 20 s of media after the first.
final class RedundantPairProcessTests: XCTestCase {
    private var directory: URL?
    private var processes: [PkgctlLiveProcess] = []
    private var recorders: [PlaylistVersionRecorder] = []
    private var sender: UDPTSSender?
    private var fanOut: UDPFanOut?

    override func tearDown() {
        sender?.stop()
        fanOut?.stop()
        for p in processes { p.kill() }
        for r in recorders { r.stop() }
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    /// At 10× the wall clock − PTS offset moves 0.9 s per second, so the pair is given the
    /// encoder's origin (the UTC time of PTS 0): only the whole PTS periods come from the clock.
    func testTwoProcessesOnOneUDPFeedSecondStarted20sLaterAgreeAt10xWithTheEncoderOrigin() throws {
        let origin = (Int64(Date().timeIntervalSince1970) / 3600 - 1) * 3600
        let clock = ISO8601Text.format(millis: origin * 1000)
        let (a, b) = try runPair(clock: clock, speed: 10, mediaSeconds: 180)
        let (shared, edges) = PairComparison(a: a, b: b).assertAgree()
        XCTAssertGreaterThanOrEqual(shared.count, 20, "B joined about 25 s in: it lists at least 20 of A's segments")
        XCTAssertGreaterThanOrEqual(edges, 8)
        XCTAssertEqual(a.first?.segments.first?.uri, "seg_\(origin / 6 + 601).ts")
    }

    /// The pair as deployed: no origin given, each process quantises its own wall clock − PTS
    /// offset (docs/redundancy.md). Real time, 100 s of media: run with PKGCTL_REALTIME_TESTS=1.
    func testTwoProcessesOnOneUDPFeedSecondStarted20sLaterAgreeInRealTimeOnTheQuantisedWallClock() throws {
        guard ProcessInfo.processInfo.environment["PKGCTL_REALTIME_TESTS"] == "1" else {
            throw XCTSkip("real time (100 s): set PKGCTL_REALTIME_TESTS=1")
        }
        let (a, b) = try runPair(clock: "media", speed: 1, mediaSeconds: 100)
        let (shared, edges) = PairComparison(a: a, b: b).assertAgree()
        XCTAssertGreaterThanOrEqual(shared.count, 8, "B joined about 25 s in")
        XCTAssertGreaterThanOrEqual(edges, 2)
        print("redundant pair, real time: \(shared.count) shared segments \(shared.first ?? "")…\(shared.last ?? ""), "
              + "\(edges) edges with identical playlists, \(a.count)/\(b.count) versions")
    }

    private func runPair(clock: String, speed: Double, mediaSeconds: Double) throws -> ([LivePlaylistText], [LivePlaylistText]) {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let ports = [try UDPTSSender.freeUDPPort(), try UDPTSSender.freeUDPPort()]
        let relay = try UDPFanOut(targets: ports, held: [ports[1]])
        fanOut = relay
        let udp = try UDPTSSender(file: TestMedia.liveTS, port: relay.port, speed: speed)
        sender = udp
        func launch(_ k: Int) throws -> PkgctlLiveProcess {
            let out = dir.appendingPathComponent(k == 0 ? "a" : "b")
            let recorder = PlaylistVersionRecorder(playlist: out.appendingPathComponent("primary/index.m3u8"))
            recorders.append(recorder)
            recorder.start()
            let process = try PkgctlLiveProcess(["live", "-i", "udp://127.0.0.1:\(ports[k])", "-o", out.path, "--clock", clock,
                                                 "--input-timeout", "10"])
            processes.append(process)
            let deadline = Date(timeIntervalSinceNow: 10)
            while !UDPTSSender.isBound(udpPort: ports[k]), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            XCTAssertTrue(UDPTSSender.isBound(udpPort: ports[k]), "pkgctl never bound udp port \(ports[k]): \(process.transcript)")
            return process
        }
        let a = try launch(0)
        relay.start()
        udp.start()
        let started = Date()
        // B is started and bound before its copy of the feed opens, 20 s of media in: a slow
        // start (a cold debug binary on a fresh machine took over a second) must not move its
        // join past the first cue-out, 31 s in. Two seconds of wall is within its stall timeout.
        let joinAt = 20 / speed
        Thread.sleep(forTimeInterval: max(0, joinAt - 2))
        let b = try launch(1)
        let wait = joinAt - Date().timeIntervalSince(started)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        relay.release(ports[1])
        if !udp.waitUntilFinished(timeout: mediaSeconds / speed) { udp.stop() }
        Thread.sleep(forTimeInterval: 2)
        for p in [a, b] { p.signal(SIGTERM) }
        for (p, name) in [(a, "A"), (b, "B")] {
            let exit = p.waitForExit(timeout: 20)
            XCTAssertEqual(exit?.status, 0, "\(name) did not exit 0 after SIGTERM: \(p.transcript.suffix(2000))")
            XCTAssertEqual(p.log.filter { $0.level == "error" }.map(\.raw), [], name)
        }
        for r in recorders { r.stop() }
        for (r, out) in zip(recorders, ["a", "b"]) {
            try LiveChecks.assertVersionsValid(r.versions, maps: try LiveChecks.assetMap(dir.appendingPathComponent(out)))
        }
        let clocks = [a, b].compactMap { $0.log.first { $0.action == "media_clock" }?.raw }
        print("media clock:\n" + clocks.joined(separator: "\n"))
        return (recorders[0].versions.map { LivePlaylistText($0.text) }, recorders[1].versions.map { LivePlaylistText($0.text) })
    }
}
