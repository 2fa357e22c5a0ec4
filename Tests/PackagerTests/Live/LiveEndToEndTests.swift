import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` fed samples/live_scte35.ts over UDP at 20× pace (under 5 Mb/s), and as a file
/// in-process: every playlist version it publishes is captured and checked. (Two renditions
/// are not supported by pkgctl yet, so there is no multi-rendition test.)
final class LiveEndToEndTests: XCTestCase {
    private var output: URL?
    private var pkgctl: PkgctlLiveProcess?
    private var sender: UDPTSSender?
    private var recorder: PlaylistVersionRecorder?

    override func tearDown() {
        sender?.stop()
        pkgctl?.kill()
        recorder?.stop()
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    private func makeOutput() throws -> URL {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        return dir
    }

    private func startRecorder(_ dir: URL) -> PlaylistVersionRecorder {
        let r = PlaylistVersionRecorder(playlist: dir.appendingPathComponent("primary/index.m3u8"))
        recorder = r
        r.start()
        return r
    }

    func testUDPInputAt20xPublishesValidVersionsWithEveryCueAsAnnouncedThenCompletedInterstitial() throws {
        let dir = try makeOutput()
        let port = try UDPTSSender.freeUDPPort()
        let udp = try UDPTSSender(file: TestMedia.liveTS, port: port, speed: 20)
        sender = udp
        let recorder = startRecorder(dir)
        let process = try PkgctlLiveProcess(["live", "-i", "udp://127.0.0.1:\(port)", "-o", dir.path,
                                             "--window", "5", "--input-timeout", "10"])
        pkgctl = process
        let deadline = Date(timeIntervalSinceNow: 10)
        while !UDPTSSender.isBound(udpPort: port), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(UDPTSSender.isBound(udpPort: port), "pkgctl never bound udp port \(port): \(process.transcript)")
        udp.start()
        XCTAssertTrue(udp.waitUntilFinished(timeout: 40), "sender did not finish 180 s of media at 20× within 40 s")
        // Let the last datagrams drain through the demuxer, then stop it.
        XCTAssertNotNil(process.waitForLog(timeout: 5) { $0.event == "span" && $0.action == "withdrawn" && $0.string("id") == "ad-1002-1" })
        Thread.sleep(forTimeInterval: 2)
        process.signal(SIGTERM)
        let exit = process.waitForExit(timeout: 20)
        recorder.stop()
        XCTAssertEqual(exit?.status, 0, "pkgctl live did not exit 0 after SIGTERM: \(process.transcript.suffix(3000))")
        XCTAssertEqual(exit?.signalled, false)
        try assertRunShape(dir: dir, recorder: recorder, process: process, expectLastSegmentEndsAtSeconds: 180)
    }

    /// The same checks in-process on the file input: every version recorded, none missed.
    /// Unpaced, the availability clock is the media's, so retention would delete an asset while
    /// this run is still checking old versions against the disk: everything is kept for the run.
    func testFileInputPublishesValidVersionsWithEveryCueAsAnnouncedThenCompletedInterstitial() throws {
        let dir = try makeOutput()
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil; $0.keepExtra = Self.keepForTheRun },
                                        input: TestMedia.liveTS, output: dir)
        XCTAssertEqual(run.outcome, .stopped)
        try assertRunShape(dir: dir, versions: run.sink.versions(), log: run.log, expectLastSegmentEndsAtSeconds: 180)
    }

    /// Ads filled by an ad server: each break announced in the first version listing its splice
    /// segment, completed with its length as X-PLAYOUT-LIMIT, the cancelled one never shown.
    func testFileInputWithAnAdServerAnnouncesEachBreakAtItsSpliceSegment() throws {
        let dir = try makeOutput()
        let run = try InProcessLive.run({
            $0.windowSegments = 5
            $0.windowSeconds = nil
            $0.keepExtra = Self.keepForTheRun
            $0.policy.rules["ad"]?.assetSource = .assetListTemplate("https://ads.example/pod?id={id}&d={duration}")
        }, input: TestMedia.liveTS, output: dir)
        XCTAssertEqual(run.outcome, .stopped)
        try assertRunShape(dir: dir, versions: run.sink.versions(), log: run.log, expectLastSegmentEndsAtSeconds: 180, shape: .adServer)
    }

    /// Longer than the sample's 180 s: nothing the run published is deleted before it is checked.
    private static let keepForTheRun: Double = 3600

    private func assertRunShape(dir: URL, recorder: PlaylistVersionRecorder, process: PkgctlLiveProcess,
                                expectLastSegmentEndsAtSeconds end: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertRunShape(dir: dir, versions: recorder.versions, log: process.log, expectLastSegmentEndsAtSeconds: end,
                           file: file, line: line)
    }

    private func assertRunShape(dir: URL, versions: [PlaylistVersionRecorder.Version], log: [PkgctlLiveProcess.LogLine],
                                expectLastSegmentEndsAtSeconds end: Double, shape: LiveChecks.Shape = .ownAsset,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let parsed = versions.map { LivePlaylistText($0.text) }
        XCTAssertGreaterThanOrEqual(versions.count, 30, "expected a version per 6 s segment at least", file: file, line: line)
        try LiveChecks.assertVersionsValid(versions, maps: try LiveChecks.assetMap(dir), file: file, line: line)
        LiveChecks.assertSequencesMonotonic(parsed, file: file, line: line)
        LiveChecks.assertSampleInterstitials(parsed, shape: shape, file: file, line: line)
        // One epoch only: no discontinuity anywhere.
        XCTAssertFalse(parsed.contains { $0.segments.contains(where: \.discontinuity) }, "unexpected DISCONTINUITY",
                       file: file, line: line)
        // The final segment was published: the last version reaches the end of the media. Two
        // frames of slack: a UDP input has no end of file, so libavformat keeps the last PES until
        // a next one would start, and the final frame may never be delivered before SIGTERM.
        if let origin = parsed.first?.segments.first?.pdtMillis, let last = parsed.last?.segments.last, let lastEnd = last.endMillis {
            XCTAssertEqual(Double(lastEnd - origin) / 1000, end, accuracy: 2 * LiveSampleSpans.frameSeconds,
                           "last segment ends \(Double(lastEnd - origin) / 1000) s into the media", file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("primary/" + last.uri).path),
                          "last listed segment \(last.uri) is not on disk", file: file, line: line)
        }
        XCTAssertEqual(log.filter { $0.level == "error" }.map(\.raw), [], file: file, line: line)
    }
}
