import Foundation
import XCTest
@testable import Packager

/// A live channel's state save, its commit point, comes after the fsync of every directory a
/// file was renamed into, so after a power cut a restart never finds a listed segment missing.
final class LiveDirectorySyncTests: XCTestCase {
    private var scratch: URL?

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    func testEverySaveSyncsFirstAndAStoppedChannelLeavesNoDirectoryUnsynced() throws {
        let dir = try TestMedia.temporaryDirectory()
        scratch = dir
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil }, input: TestMedia.liveTS, output: dir)
        let segments = run.log.filter { $0.event == "segment" }.count
        XCTAssertGreaterThan(segments, 10)
        XCTAssertGreaterThanOrEqual(run.sink.syncs, segments, "a segment's state was saved without a directory sync")
        XCTAssertEqual(run.sink.directoriesToSync, [])
        XCTAssertEqual(run.log.filter { $0.level == "error" }.map(\.raw), [])
    }

    /// The disk refuses every directory fsync: no state is saved, so no playlist goes out.
    func testADirectorySyncThatFailsHoldsBackEveryStateSaveAndPlaylist() throws {
        let dir = try TestMedia.temporaryDirectory()
        scratch = dir
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil }, input: TestMedia.liveTS, output: dir,
                                        sink: { $0.failsDirectorySyncs = true })
        let failed = run.log.filter { $0.event == "state" && $0.action == "save" && $0.level == "error" }
        XCTAssertGreaterThan(failed.count, 10)
        XCTAssertTrue(failed.allSatisfy { $0.string("error")?.hasPrefix("cannot make 'primary' survive a power cut: fsync of its directory") ?? false },
                      failed.first?.raw ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("primary/index.m3u8").path))
        XCTAssertEqual(run.sink.versions().count, 0)
    }
}
