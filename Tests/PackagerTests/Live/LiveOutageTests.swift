import Foundation
import XCTest
@testable import Packager

/// What players are told during long outages never names what is not stored (issue 15, 1 and
/// 2): an origin down for longer than an upload's retry deadline, and a state directory that
/// can no longer be written, then kill -9 and a restart.
final class LiveOutageTests: XCTestCase {
    private var processes: [PkgctlLiveProcess] = []
    private var origin: NginxWebDAVOrigin?
    private var scratch: URL?

    override func tearDown() {
        processes.forEach { $0.kill() }
        origin?.tearDown()
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    private func launch(_ arguments: [String]) throws -> PkgctlLiveProcess {
        let p = try PkgctlLiveProcess(arguments)
        processes.append(p)
        return p
    }

    /// nginx stopped (connections refused) until a segment upload gave up after its ~30 s retry
    /// deadline (HTTPSinkOptions.itemDeadline), then started again: the outage outlasts that
    /// deadline by however long the give-up takes to be logged, not by a fixed guess. Before,
    /// such segments were still named in the next playlist without EXT-X-GAP (2 of 2 runs with
    /// a 60 s outage); now each is a GAP in every version that names it.
    func testOriginDownPastTheRetryDeadlineListsEverySegmentItNeverGotAsAGap() throws {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let state = try TestMedia.temporaryDirectory()
        scratch = state
        // An origin that wants a token (--http-header), and uploads retried for 10 s, not 30 (--http-retry).
        let base = nginx.baseURL.absoluteString + "private/live"
        let process = try launch(["live", "-i", TestMedia.liveTS.path, "-o", base, "--state-dir", state.path, "--event",
                                  "--loop", "--realtime", "--speed", "4", "--http-retry", "10",
                                  "--http-header", "Authorization: Bearer \(NginxWebDAVOrigin.token)"])
        XCTAssertNotNil(process.waitForLog(timeout: 30) { [process] line in
            line.event == "segment" && process.count { $0.event == "segment" } >= 4
        }, "no segments before the outage: \(process.transcript.suffix(2000))")
        nginx.stop()
        // Uploads go one at a time, each retried for up to 10 s: the first to give up does so
        // about 10 s in (or about 20 s in, if a playlist or asset was the one in flight).
        let segmentGaveUp = { (line: PkgctlLiveProcess.LogLine) in
            line.event == "publish" && line.action == "failed" && (line.string("name") ?? "").hasPrefix("primary/seg_")
        }
        XCTAssertNotNil(process.waitForLog(timeout: 100, segmentGaveUp),
                        "no segment upload gave up while the origin was down: \(process.transcript.suffix(3000))")
        try nginx.start()
        let restarted = Date()
        XCTAssertNotNil(process.waitForLog(timeout: 40) {
            $0.receivedAt >= restarted && $0.event == "publish" && $0.action == "put" && $0.string("kind") == "playlist"
        }, "no playlist reached the origin after it came back")
        Thread.sleep(forTimeInterval: 6)
        process.signal(SIGTERM)
        XCTAssertEqual(process.waitForExit(timeout: 60)?.status, 0, process.transcript.suffix(3000).description)

        let log = process.log
        let gaveUp = Set(log.filter { $0.event == "publish" && $0.action == "failed" }.compactMap { $0.string("name") }
            .filter { $0.hasPrefix("primary/seg_") }.map { String($0.dropFirst("primary/".count)) })
        XCTAssertGreaterThan(gaveUp.count, 0, "no upload gave up during an outage past the retry deadline")
        let root = nginx.documentRoot.appendingPathComponent("private/live")
        let playlistPath = root.appendingPathComponent("primary/index.m3u8").path
        let playlist = LivePlaylistText(try String(contentsOfFile: playlistPath, encoding: .utf8))
        let listed = Dictionary(playlist.segments.map { ($0.uri, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(gaveUp.filter { listed[$0].map { !$0.gap } ?? false }.sorted(), [],
                       "segments the origin never got are listed without EXT-X-GAP")
        XCTAssertEqual(playlist.segments.filter { !$0.gap }.map(\.uri).filter {
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("primary/" + $0).path)
        }, [], "segments listed without GAP are missing from the origin")
        let maps = [try URLMapping.parse(base + "/=" + root.path)]
        XCTAssertEqual(LiveChecks.errors(try PlaylistValidator.validate(path: playlistPath, maps: maps)), [])
        // The interstitials the origin's playlist names resolve there too.
        for id in playlist.rangeIDs {
            guard let uri = playlist.range(id)?.attributes["X-ASSET-URI"], let path = URL(string: uri)?.path else { continue }
            XCTAssertTrue(FileManager.default.fileExists(atPath: nginx.documentRoot.path + path), "\(id): \(uri) not on the origin")
        }
    }

    /// The state directory stops accepting writes (as on a full disk) while segments still can
    /// be stored: no playlist goes out past the last saved state, so after kill -9 and a restart
    /// the channel continues without going back in sequence, reusing a name or changing a range.
    func testStateThatCannotBeSavedHoldsPlaylistsBackAndARestartAfterKill9ContradictsNothing() throws {
        let dir = try TestMedia.temporaryDirectory()
        scratch = dir
        let output = dir.appendingPathComponent("out"), state = dir.appendingPathComponent("state")
        let aside = dir.appendingPathComponent("state-aside")
        let command = ["live", "-i", TestMedia.liveTS.path, "-o", output.path, "--state-dir", state.path, "--window", "5",
                       "--realtime", "--speed", "10"]
        let first = try launch(command)
        XCTAssertNotNil(first.waitForLog(timeout: 30) { [first] line in
            line.event == "segment" && first.count { $0.event == "segment" } >= 5
        }, first.transcript.suffix(2000).description)
        // The directory is swapped for a plain file: every save now fails (ENOTDIR), whoever runs it.
        try FileManager.default.moveItem(at: state, to: aside)
        try Data().write(to: state)
        XCTAssertNotNil(first.waitForLog(timeout: 20) { $0.event == "state" && $0.action == "save" && $0.level == "error" },
                        "no failed save logged")
        let failedAt = Date()
        Thread.sleep(forTimeInterval: 3)
        let playlistPath = output.appendingPathComponent("primary/index.m3u8").path
        let published = try String(contentsOfFile: playlistPath, encoding: .utf8)
        let modified = try FileManager.default.attributesOfItem(atPath: playlistPath)[.modificationDate] as? Date
        XCTAssertLessThanOrEqual(modified ?? .distantFuture, failedAt, "a playlist was published after its state could not be saved")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        try FileManager.default.removeItem(at: state)
        try FileManager.default.moveItem(at: aside, to: state)

        let second = try launch(command)
        XCTAssertNotNil(second.waitForLog(timeout: 30) { [second] line in
            line.event == "segment" && second.count { $0.event == "segment" } >= 3
        }, second.transcript.suffix(2000).description)
        second.signal(SIGTERM)
        XCTAssertEqual(second.waitForExit(timeout: 20)?.status, 0)
        let before = LivePlaylistText(published), after = LivePlaylistText(try String(contentsOfFile: playlistPath, encoding: .utf8))
        XCTAssertGreaterThanOrEqual(after.mediaSequence, before.mediaSequence, "MEDIA-SEQUENCE went back")
        // Names cut after the last save were never in a playlist, so a player never saw them; the
        // published ones are never handed out again.
        let publishedNames = Set(before.segments.map { "primary/" + $0.uri })
        let reused = second.log.filter { $0.event == "segment" }.compactMap { $0.string("name") }.filter(publishedNames.contains)
        XCTAssertEqual(reused, [], "published segment names handed out again after the restart")
        for id in before.rangeIDs {
            guard let then = before.range(id), let now = after.range(id) else { continue }
            for (name, value) in then.attributes { XCTAssertEqual(now.attributes[name], value, "\(id) \(name) changed") }
        }
    }
}
