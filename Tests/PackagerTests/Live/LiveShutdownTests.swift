import Foundation
import XCTest
@testable import Packager

/// SIGTERM/SIGINT stop `pkgctl live` gracefully: exit 0, the last listed segment on disk,
/// the restart state saved, and EXT-X-ENDLIST only when asked for.
final class LiveShutdownTests: XCTestCase {
    private var output: URL?
    private var pkgctl: PkgctlLiveProcess?

    override func tearDown() {
        pkgctl?.kill()
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    /// Runs the sample at 10× until three segments are out, then sends `signal`.
    private func stopAfterThreeSegments(_ signal: Int32, extra: [String] = [])
        throws -> (dir: URL, exit: (status: Int32, signalled: Bool)?, process: PkgctlLiveProcess) {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        let process = try PkgctlLiveProcess(["live", "-i", TestMedia.liveTS.path, "-o", dir.path, "--window", "5",
                                             "--realtime", "--speed", "10"] + extra)
        pkgctl = process
        let third = process.waitForLog(timeout: 20) { [process] line in
            line.event == "segment" && process.count { $0.event == "segment" } >= 3
        }
        XCTAssertNotNil(third, "three segments never came: \(process.transcript.suffix(2000))")
        process.signal(signal)
        return (dir, process.waitForExit(timeout: 15), process)
    }

    private func assertStoppedCleanly(_ dir: URL, _ exit: (status: Int32, signalled: Bool)?, _ process: PkgctlLiveProcess,
                                      signalName: String, file: StaticString = #filePath, line: UInt = #line) throws -> LivePlaylistText {
        XCTAssertEqual(exit?.status, 0, "exit after \(signalName): \(process.transcript.suffix(2000))", file: file, line: line)
        XCTAssertEqual(exit?.signalled, false, "killed by the signal instead of stopping", file: file, line: line)
        XCTAssertNotNil(process.log.first { $0.event == "shutdown" && $0.string("signal") == signalName },
                        "no shutdown log line naming \(signalName)", file: file, line: line)
        XCTAssertNotNil(process.log.first { $0.event == "shutdown" && $0.string("outcome") == "stopped" }, file: file, line: line)
        let text = try String(contentsOf: dir.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let playlist = LivePlaylistText(text)
        let last = try XCTUnwrap(playlist.segments.last, "final playlist lists no segment", file: file, line: line)
        let path = dir.appendingPathComponent("primary/" + last.uri).path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "last listed segment \(last.uri) missing", file: file, line: line)
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0, 0, file: file, line: line)
        // The segment the signal interrupted was finished and published, not dropped.
        let logged = process.log.filter { $0.event == "segment" }.compactMap { $0.string("name") }
        XCTAssertEqual(logged.last, "primary/" + last.uri, "the final playlist does not end with the last segment logged",
                       file: file, line: line)
        let state = dir.appendingPathComponent(".pkgctl-live-state.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.path), "restart state not saved", file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: state))
        XCTAssertNotNil(object as? [String: Any], "state file is not a JSON object", file: file, line: line)
        // Shutdown saved a checkpoint: the state file is the journal's last state line, the
        // journal nothing but what it relies on (the window's segments) and that line.
        let journal = try String(contentsOf: dir.appendingPathComponent(StateJournal.name), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let lastLine = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(journal.last).utf8)) as? [String: Any]
        let saved = (object as? [String: Any])?["state"] as? [String: Any]
        XCTAssertEqual(saved?["journalGeneration"] as? Int, lastLine?["generation"] as? Int, file: file, line: line)
        XCTAssertNotNil(lastLine?["state"], file: file, line: line)
        XCTAssertEqual(journal.filter { $0.hasPrefix(#"{"generation":"#) && $0.contains(#","segment":{"#) }.count,
                       playlist.segments.count, file: file, line: line)
        XCTAssertEqual(journal.filter { $0.contains(#","state":{"#) }.count, 1, file: file, line: line)
        XCTAssertEqual(LiveChecks.errors(try PlaylistValidator.validate(path: dir.appendingPathComponent("primary/index.m3u8").path,
                                                                        maps: LiveChecks.assetMap(dir))), [], file: file, line: line)
        return playlist
    }

    func testSIGTERMExitsZeroWithLastListedSegmentOnDiskAndStateSavedAndNoEndList() throws {
        let run = try stopAfterThreeSegments(SIGTERM)
        let playlist = try assertStoppedCleanly(run.dir, run.exit, run.process, signalName: "SIGTERM")
        XCTAssertFalse(playlist.endList, "EXT-X-ENDLIST without --endlist-on-exit")
    }

    func testSIGINTExitsZeroWithLastListedSegmentOnDiskAndStateSaved() throws {
        let run = try stopAfterThreeSegments(SIGINT)
        let playlist = try assertStoppedCleanly(run.dir, run.exit, run.process, signalName: "SIGINT")
        XCTAssertFalse(playlist.endList)
    }

    func testSIGTERMWithEndlistOnExitEndsFinalVersionWithEndList() throws {
        let run = try stopAfterThreeSegments(SIGTERM, extra: ["--endlist-on-exit"])
        let playlist = try assertStoppedCleanly(run.dir, run.exit, run.process, signalName: "SIGTERM")
        XCTAssertTrue(playlist.endList, "--endlist-on-exit: final version lacks EXT-X-ENDLIST")
    }
}
