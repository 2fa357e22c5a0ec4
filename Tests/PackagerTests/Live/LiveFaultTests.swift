import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` under faults: the input going quiet, a crash mid-break and restart, an origin
/// answering 500, a disk that refuses segment writes.
final class LiveFaultTests: XCTestCase {
    private var output: URL?
    private var processes: [PkgctlLiveProcess] = []
    private var sender: UDPTSSender?
    private var recorders: [PlaylistVersionRecorder] = []
    private var origin: NginxWebDAVOrigin?

    override func tearDown() {
        sender?.stop()
        processes.forEach { $0.kill() }
        recorders.forEach { $0.stop() }
        origin?.tearDown()
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    private func makeOutput() throws -> URL {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        return dir
    }

    private func launch(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws -> PkgctlLiveProcess {
        let p = try PkgctlLiveProcess(arguments, fileSizeLimitBlocks: fileSizeLimitBlocks)
        processes.append(p)
        return p
    }

    private func record(_ dir: URL, firstNumber: Int = 1) -> PlaylistVersionRecorder {
        let r = PlaylistVersionRecorder(playlist: dir.appendingPathComponent("primary/index.m3u8"), firstNumber: firstNumber)
        recorders.append(r)
        r.start()
        return r
    }

    // MARK: (a) input pause

    func testInputSilentFor10sIsReopenedAndContinuesAfterADiscontinuityWithValidVersions() throws {
        let dir = try makeOutput()
        let port = try UDPTSSender.freeUDPPort()
        // 20× (the byte rate of 720p at 229 kb/s is still under 5 Mb/s): the silence is wall time
        // either way, twice pkgctl's 5 s stall limit (--input-timeout 30 / 3, at most 5).
        let udp = try UDPTSSender(file: TestMedia.liveTS, port: port, speed: 20, pause: .init(afterMediaSeconds: 70, seconds: 10))
        sender = udp
        let recorder = record(dir)
        let process = try launch(["live", "-i", "udp://127.0.0.1:\(port)", "-o", dir.path, "--window", "5",
                                  "--input-timeout", "30"])
        let deadline = Date(timeIntervalSinceNow: 10)
        while !UDPTSSender.isBound(udpPort: port), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        udp.start()
        XCTAssertTrue(udp.waitUntilFinished(timeout: 50), "sender did not finish")
        Thread.sleep(forTimeInterval: 2)
        process.signal(SIGTERM)
        let exit = process.waitForExit(timeout: 20)
        recorder.stop()
        XCTAssertEqual(exit?.status, 0, process.transcript.suffix(3000).description)

        let versions = recorder.versions
        let parsed = versions.map { LivePlaylistText($0.text) }
        // Loss and reopen are logged.
        let inputLines = process.log.filter { $0.event == "input" }
        XCTAssertNotNil(inputLines.first { $0.action == "lost" }, "no input line for the loss: \(inputLines.map(\.raw))")
        XCTAssertGreaterThanOrEqual(inputLines.filter { $0.action == "open" }.count, 2, "no input line for the reopen: \(inputLines.map(\.raw))")
        // The outage ends once pictures flow from the reopened input, not at the open itself.
        XCTAssertEqual(inputLines.filter { $0.action == "recovered" }.count, 1, "\(inputLines.map(\.raw))")
        let lastOpen = inputLines.lastIndex { $0.action == "open" } ?? .max
        XCTAssertGreaterThan(inputLines.lastIndex { $0.action == "recovered" } ?? -1, lastOpen, "\(inputLines.map(\.raw))")
        // The playlist goes on after the pause, behind a DISCONTINUITY.
        guard let pause = udp.pausedInterval else { return XCTFail("sender never paused") }
        let afterPause = versions.filter { $0.seenAt > pause.end.addingTimeInterval(1) }
        XCTAssertGreaterThanOrEqual(afterPause.count, 5, "too few versions after the input came back")
        let discontinuities = Set(parsed.flatMap { $0.segments.filter(\.discontinuity).map(\.uri) })
        XCTAssertEqual(discontinuities.count, 1, "expected one DISCONTINUITY (one new epoch), got \(discontinuities.sorted())")
        if let last = parsed.last, let lastBefore = versions.last(where: { $0.seenAt < pause.start }).map({ LivePlaylistText($0.text) }) {
            XCTAssertGreaterThan(last.mediaSequence, lastBefore.mediaSequence)
        }
        LiveChecks.assertSequencesMonotonic(parsed)
        try LiveChecks.assertVersionsValid(versions, maps: try LiveChecks.assetMap(dir))
    }

    // MARK: (b) kill -9 mid-break, restart

    func testRestartAfterKill9MidBreakContinuesSequencesAndCompletesTheOpenBreakWithoutChangingPublishedRanges() throws {
        let dir = try makeOutput()
        let command = ["live", "-i", TestMedia.liveTS.path, "-o", dir.path, "--window", "5", "--realtime", "--speed", "10"]
        let first = record(dir)
        let crashed = try launch(command)
        let announce = crashed.waitForLog(timeout: 20) {
            $0.event == "span" && $0.action == "announce" && $0.string("id") == "ad-1001-1-scte35"
        }
        XCTAssertNotNil(announce, "ad-1001-1-scte35 never announced: \(crashed.transcript.suffix(2000))")
        // In the middle of the break: a version already lists media after the splice (t = 30 s).
        let inBreak = first.wait(timeout: 10) { version in
            let p = LivePlaylistText(version.text)
            guard let start = p.range("ad-1001-1-scte35")?.startMillis, let end = p.segments.last?.endMillis else { return false }
            return end > start
        }
        XCTAssertNotNil(inBreak, "no version reached into the break")
        crashed.signal(SIGKILL)
        let killed = crashed.waitForExit(timeout: 10)
        XCTAssertEqual(killed?.signalled, true)
        first.stop()
        XCTAssertNil(crashed.log.first { $0.event == "span" && $0.action == "complete" && $0.string("id") == "ad-1001-1-scte35" },
                     "killed too late: ad-1001-1 had already completed")
        let oldVersions = first.versions
        guard let lastOld = oldVersions.last else { return XCTFail("no version before the kill") }

        let second = record(dir, firstNumber: lastOld.number + 1)
        let restarted = try launch(command)
        XCTAssertNotNil(restarted.waitForLog(timeout: 20) { [restarted] line in
            line.event == "segment" && restarted.count { $0.event == "segment" } >= 4
        }, "restart published no segments: \(restarted.transcript.suffix(2000))")
        restarted.signal(SIGTERM)
        XCTAssertEqual(restarted.waitForExit(timeout: 15)?.status, 0)
        second.stop()
        let newVersions = second.versions
        guard let firstNew = newVersions.first else { return XCTFail("no version after the restart") }
        XCTAssertNotNil(restarted.log.first { $0.event == "state" && $0.action == "resume" }, "restart did not resume its state")

        let oldParsed = oldVersions.map { LivePlaylistText($0.text) }
        let newParsed = newVersions.map { LivePlaylistText($0.text) }
        let lastOldParsed = LivePlaylistText(lastOld.text)
        // Sequences go on.
        XCTAssertGreaterThanOrEqual(LivePlaylistText(firstNew.text).mediaSequence, lastOldParsed.mediaSequence)
        LiveChecks.assertSequencesMonotonic(oldParsed + newParsed)
        // The first segment of the new process carries a DISCONTINUITY.
        let oldURIs = Set(oldParsed.flatMap { $0.segments.map(\.uri) })
        let firstNewSegment = newParsed.lazy.flatMap { $0.segments }.first { !oldURIs.contains($0.uri) }
        XCTAssertEqual(firstNewSegment?.discontinuity, true, "first segment after the restart: \(String(describing: firstNewSegment))")
        // Segment names are never handed out twice.
        let oldNames = Set(crashed.log.filter { $0.event == "segment" }.compactMap { $0.string("name") })
        let newNames = restarted.log.filter { $0.event == "segment" }.compactMap { $0.string("name") }
        XCTAssertEqual(newNames.filter(oldNames.contains), [], "segment names reused after the restart")
        // A date-range ID always names the same range; nothing published before the kill changes.
        var attributesByID: [String: [String: String]] = [:]
        var conflicts: [String] = []
        for version in oldParsed + newParsed {
            for tag in version.dateRanges {
                for (name, value) in tag.attributes {
                    if let known = attributesByID[tag.id]?[name], known != value {
                        conflicts.append("\(tag.id) \(name): \(known) → \(value)")
                    }
                    attributesByID[tag.id, default: [:]][name] = attributesByID[tag.id]?[name] ?? value
                }
            }
        }
        XCTAssertEqual(Set(conflicts).sorted(), [], "date-range attributes changed or IDs reused")
        let pair = try LiveVersionValidator.validate(paths: [lastOld.path, firstNew.path], maps: LiveChecks.assetMap(dir))
        XCTAssertEqual(pair.filter { $0.rule == .liveDaterangeChanged || $0.rule == .liveDaterangeRemoved }.map(\.message), [])
        // The break left open by the crash is completed after the restart.
        XCTAssertNil(lastOldParsed.range("ad-1001-1-scte35")?.duration, "ad-1001-1 was already complete before the kill")
        let completed = newParsed.compactMap { $0.range("ad-1001-1-scte35") }.first { $0.duration != nil }
        XCTAssertNotNil(completed, "ad-1001-1's SCTE-35 range was never completed after the restart")
        XCTAssertNil(newParsed.last?.range("ad-1001-1"), "the break's asset was cut short by the kill: it is never offered")
        if let completed {
            XCTAssertEqual(completed.attributes["DURATION"], completed.attributes["PLANNED-DURATION"],
                           "a break left open is completed at its planned duration")
        }
    }

    // MARK: (c) origin answering 500

    func testHTTPOriginFailingFor20sDoesNotStallPackagingAndRecoversToACompleteValidPlaylist() throws {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let state = try makeOutput()
        let base = nginx.baseURL.absoluteString + "live"
        let process = try launch(["live", "-i", TestMedia.liveTS.path, "-o", base, "--state-dir", state.path,
                                  "--window", "5", "--realtime", "--speed", "6"])
        XCTAssertNotNil(process.waitForLog(timeout: 20) { [process] line in
            line.event == "segment" && process.count { $0.event == "segment" } >= 4
        }, "no segments before the fault: \(process.transcript.suffix(2000))")
        try nginx.setFailing(true)
        let failStart = Date()
        while Date().timeIntervalSince(failStart) < 20, process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        try nginx.setFailing(false)
        let failEnd = Date()
        XCTAssertTrue(process.isRunning, "pkgctl exited during the origin outage: \(process.transcript.suffix(2000))")
        let exit = process.waitForExit(timeout: 60)
        XCTAssertEqual(exit?.status, 0, process.transcript.suffix(3000).description)

        let log = process.log
        XCTAssertGreaterThan(log.filter { $0.event == "publish" && $0.action == "retry" }.count, 0, "no publish retry logged")
        // Reading and segmenting went on at pace during the outage (a segment per second at 6×).
        let segmentTimes = log.filter { $0.event == "segment" }.map(\.receivedAt)
        let duringOutage = segmentTimes.filter { $0 > failStart && $0 < failEnd }
        XCTAssertGreaterThanOrEqual(duringOutage.count, 15, "only \(duringOutage.count) segments cut during 20 s of outage at 6×")
        let longestGap = zip(segmentTimes, segmentTimes.dropFirst()).map { $1.timeIntervalSince($0) }.max() ?? 0
        XCTAssertLessThan(longestGap, 3, "segmenting stalled for \(longestGap) s")
        // After recovery the origin holds a valid playlist whose segments all exist there.
        let originRoot = nginx.documentRoot.appendingPathComponent("live")
        let playlistPath = originRoot.appendingPathComponent("primary/index.m3u8").path
        let text = try String(contentsOfFile: playlistPath, encoding: .utf8)
        let playlist = LivePlaylistText(text)
        XCTAssertFalse(playlist.segments.isEmpty)
        let maps = [try URLMapping.parse(base + "/=" + originRoot.path)]
        XCTAssertEqual(LiveChecks.errors(try PlaylistValidator.validate(path: playlistPath, maps: maps)), [])
        let missing = playlist.segments.filter { !$0.gap }.map(\.uri).filter {
            !FileManager.default.fileExists(atPath: originRoot.appendingPathComponent("primary/" + $0).path)
        }
        XCTAssertEqual(missing, [], "segments listed by the origin's playlist but absent from it")
        let lastSegment = log.filter { $0.event == "segment" }.last?.string("name")
        XCTAssertEqual(playlist.segments.last.map { "primary/" + $0.uri }, lastSegment, "origin playlist is not the final one")
    }

    // MARK: (d) disk refusing segment writes

    func testSegmentsThatCannotBeWrittenAreListedAsGapsWhilePlaylistsStayValid() throws {
        let dir = try makeOutput()
        let recorder = record(dir)
        // 300 blocks = 150 KB per file: playlists, state and the 2 s / 4 s segments (≤ 135 KB)
        // fit; the ~210 KB 6 s segments (primary and asset) fail with EFBIG as on a full disk.
        // A keep time past the run, so that every version's segments are still on disk at its end
        // (at 20× availability runs on the media's clock, and a removed segment goes after 36 s).
        let process = try launch(["live", "-i", TestMedia.liveTS.path, "-o", dir.path, "--window", "5",
                                  "--realtime", "--speed", "20", "--keep-extra", "3600"], fileSizeLimitBlocks: 300)
        XCTAssertNotNil(process.waitForLog(timeout: 20) { [process] line in
            line.event == "segment" && process.count { $0.event == "segment" } >= 8
        }, "pkgctl stopped publishing: \(process.transcript.suffix(2000))")
        XCTAssertTrue(process.isRunning, "pkgctl died on the write failures")
        process.signal(SIGTERM)
        let exit = process.waitForExit(timeout: 15)
        recorder.stop()
        XCTAssertEqual(exit?.status, 0, process.transcript.suffix(2000).description)
        XCTAssertEqual(exit?.signalled, false)

        let log = process.log
        // The input never failed: only the disk did.
        XCTAssertEqual(log.filter { $0.event == "input" && $0.action != "open" }.map(\.raw), [],
                       "a write failure was handled as an input failure (input reopened, file replayed from the start)")
        XCTAssertEqual(log.filter { $0.event == "input" && $0.action == "open" }.count, 1)
        // Every file that could not be written is named by an error line.
        let errors = log.filter { $0.level == "error" }
        XCTAssertFalse(errors.isEmpty, "no error line for the failed writes")
        let failedNames = Set(errors.filter { $0.event == "publish" && $0.action == "segment" }.compactMap { $0.string("name") })
        let versions = recorder.versions
        let parsed = versions.map { LivePlaylistText($0.text) }
        XCTAssertGreaterThanOrEqual(versions.count, 5)
        var holes = Set<String>()
        for (version, playlist) in zip(versions, parsed) {
            XCTAssertTrue(version.text.hasPrefix("#EXTM3U\n"), "version \(version.number) is not a playlist")
            XCTAssertFalse(playlist.segments.isEmpty, "version \(version.number) lists no segment")
            for segment in playlist.segments {
                let name = "primary/" + segment.uri
                if failedNames.contains(name) {
                    XCTAssertTrue(segment.gap, "\(name) failed to write but version \(version.number) lists it without EXT-X-GAP")
                } else {
                    XCTAssertFalse(segment.gap, "\(name) listed as a gap with no error line naming it")
                    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path),
                                  "\(name) listed without EXT-X-GAP but not on disk")
                }
            }
            // The timeline stays continuous: a failed segment is a gap, never a hole.
            for (a, b) in zip(playlist.segments, playlist.segments.dropFirst()) where !b.discontinuity {
                if let end = a.endMillis, let start = b.pdtMillis, abs(start - end) > 2 {
                    holes.insert("\(b.uri) starts \(start - end) ms after \(a.uri) ends")
                }
            }
        }
        XCTAssertEqual(holes.sorted(), [], "holes in the timeline without DISCONTINUITY or EXT-X-GAP")
        XCTAssertFalse(failedNames.isEmpty, "no primary segment failed: the limit no longer exercises EXT-X-GAP")
        XCTAssertFalse(parsed.contains { $0.segments.contains(where: \.discontinuity) }, "DISCONTINUITY although the input never broke")
        try LiveChecks.assertVersionsValid(versions, maps: try LiveChecks.assetMap(dir))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("primary").path)
            .filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [], "temp files left behind by failed writes")
    }
}
