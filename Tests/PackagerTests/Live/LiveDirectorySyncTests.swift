import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// A live channel's state save, its commit point, comes after the fsync of every directory a
/// file was renamed into, so after a power cut a restart never finds a listed segment missing.
final class LiveDirectorySyncTests: XCTestCase {
    private var scratch: URL?

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        super.tearDown()
    }

    private func run(failingFirst failures: Int, errno code: Int32 = EIO) throws -> InProcessLive {
        let dir = try TestMedia.temporaryDirectory()
        scratch = dir
        var left = failures
        let metrics = dir.appendingPathComponent("metrics.prom")
        return try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil; $0.metricsFile = metrics },
                                     input: TestMedia.liveTS, output: dir,
                                     sink: { sink in
            let fsync = sink.fsyncDirectory
            sink.fsyncDirectory = { descriptor in
                guard left > 0 else { return fsync(descriptor) }
                left -= 1
                errno = code
                return -1
            }
        })
    }

    private func failedSaves(_ run: InProcessLive) -> [PkgctlLiveProcess.LogLine] {
        run.log.filter { $0.event == "state" && $0.action == "save" && $0.level == "error" }
    }

    func testNoStateIsSavedBeforeItsSegmentsDirectoriesAreSynced() throws {
        let run = try run(failingFirst: 0)
        let segments = run.log.filter { $0.event == "segment" }.count
        XCTAssertGreaterThan(segments, 10)
        XCTAssertEqual(run.sink.journalWrittenBeforeSync, 0, "the journal grew between a segment's put and the sync after it")
        XCTAssertGreaterThanOrEqual(run.sink.syncs, segments)
        XCTAssertEqual(run.sink.directoriesToSync, [], "a stopped channel left directories unsynced")
        XCTAssertEqual(run.log.filter { $0.level == "error" }.map(\.raw), [])
    }

    /// The disk refuses every directory fsync: no state is saved, so no playlist goes out.
    func testADirectorySyncThatAlwaysFailsHoldsBackEveryPlaylist() throws {
        let run = try run(failingFirst: .max)
        let failed = failedSaves(run)
        XCTAssertGreaterThan(failed.count, 10)
        let root = try XCTUnwrap(scratch).path
        XCTAssertEqual(failed.filter { !($0.string("error") ?? "").contains("survive a power cut: fsync of its directory '\(root)'"
                                                                          + " failed: Input/output error (errno 5)") }.map(\.raw), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/primary/index.m3u8"))
        XCTAssertEqual(run.sink.versions().count, 0)
    }

    /// A file system that cannot fsync a directory: the channel publishes as on any other, with
    /// one warning that names the directory.
    func testAFileSystemThatCannotFsyncDirectoriesIsWarnedAboutOnce() throws {
        let run = try run(failingFirst: .max, errno: EINVAL)
        let root = try XCTUnwrap(scratch).path
        let warnings = run.log.filter { $0.event == "publish" && $0.action == "sync" }
        XCTAssertEqual(warnings.map { $0.level }, ["warn"])
        XCTAssertEqual(warnings.first?.string("directory"), root)
        XCTAssertEqual(failedSaves(run).count, 0)
        XCTAssertEqual(run.sink.directoriesToSync, [])
        XCTAssertEqual(LivePlaylistText(try run.text("primary/index.m3u8")).segments.count, 5)
    }

    /// The first five directory fsyncs fail: those five saves fail, and the directories they left
    /// are synced by the next save, after which the channel publishes as before.
    func testAChannelWhoseDirectorySyncsFailForAWhileGoesOnOnceOneSucceeds() throws {
        let run = try run(failingFirst: 5)
        XCTAssertEqual(failedSaves(run).count, 5)
        XCTAssertTrue(try run.text("metrics.prom").contains(#"pkgctl_state_save_failures_total{channel="default"} 5"#))
        XCTAssertEqual(run.sink.journalWrittenBeforeSync, 0)
        XCTAssertEqual(run.sink.directoriesToSync, [])
        let playlist = LivePlaylistText(try run.text("primary/index.m3u8"))
        XCTAssertEqual(playlist.segments.count, 5)
        XCTAssertGreaterThan(run.sink.versions().count, 5)
    }
}
