import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// `syncPublished`: the directories files were renamed into are fsynced once each, before a
/// live state that lists the files is saved.
final class AtomicFileSinkDirectorySyncTests: SinkRootTestCase {
    private func spool(_ sink: AtomicFileSink, _ text: String) throws -> SegmentSpool {
        let spool = try XCTUnwrap(sink.makeSpool())
        Data(text.utf8).withUnsafeBytes { spool.write($0) }
        return spool
    }

    func testEachDirectoryARenameLandedInWaitsForTheNextSyncOnce() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        try sink.putSpooled(try spool(sink, "segment"), name: "primary/seg_00000.ts", kind: .segment)
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
        XCTAssertEqual(sink.directoriesToSync, [root.path, root.path + "/primary"])
        try sink.syncPublished()
        XCTAssertEqual(sink.directoriesToSync, [])
        try sink.put(Data("#EXTM3U\n#v2\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(sink.directoriesToSync, [root.path + "/primary"])
        XCTAssertEqual(sink.stats.failures, 0)
    }

    func testProcessDurabilityLeavesDirectoriesToTheKernel() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .process)
        try sink.putSpooled(try spool(sink, "segment"), name: "primary/seg_00000.ts", kind: .segment)
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(sink.directoriesToSync, [])
        try sink.syncPublished()
    }

    /// An asset's directory goes with its last file; its names need no sync any more.
    func testADirectoryRemovedBeforeTheSyncIsNotAFailure() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        try sink.put(Data("a".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.delete(name: "assets/a1/index.m3u8")
        XCTAssertEqual(sink.directoriesToSync, [root.path + "/assets/a1"])
        try sink.syncPublished()
        XCTAssertEqual(sink.directoriesToSync, [])
        XCTAssertEqual(sink.stats.failures, 0)
    }

    func testAFileSystemThatCannotFsyncADirectoryIsNotAFailure() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        sink.fsyncDirectory = { _ in
            errno = EINVAL
            return -1
        }
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.syncPublished()
        XCTAssertEqual(sink.directoriesToSync, [])
        XCTAssertEqual(sink.stats.failures, 0)
    }

    /// The directory is swapped for a plain file between the rename and the sync (ENOTDIR): the
    /// sync names the directory and the file, and the directory waits for the next sync.
    func testAFailedSyncNamesTheDirectoryAndKeepsItForTheNextSync() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
        try sink.putSpooled(try spool(sink, "segment"), name: "video/seg_00000.ts", kind: .segment)
        let video = root.appendingPathComponent("video"), aside = root.appendingPathComponent("video-aside")
        try FileManager.default.moveItem(at: video, to: aside)
        try Data("not a directory".utf8).write(to: video)

        XCTAssertThrowsError(try sink.syncPublished()) { error in
            XCTAssertEqual(error as? FileSinkError, .unsynced(directory: video.path, name: "video/seg_00000.ts", errno: ENOTDIR))
            XCTAssertEqual("\(error)", "cannot make 'video/seg_00000.ts' survive a power cut: fsync of its directory"
                + " '\(video.path)' failed: Not a directory (errno 20); the file is in place, but a power cut may lose its name")
        }
        XCTAssertEqual(sink.directoriesToSync, [video.path])
        XCTAssertEqual(sink.stats.failures, 1)

        try FileManager.default.removeItem(at: video)
        try FileManager.default.moveItem(at: aside, to: video)
        try sink.syncPublished()
        XCTAssertEqual(sink.directoriesToSync, [])
    }
}
