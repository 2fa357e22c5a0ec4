import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// `syncPublished`: the directories files were renamed into are fsynced once each, before a
/// live state that lists the files is saved.
final class AtomicFileSinkDirectorySyncTests: SinkRootTestCase {
    private func spool(_ sink: AtomicFileSink, _ text: String, in directory: String = "primary") throws -> SegmentSpool {
        let spool = try XCTUnwrap(sink.makeSpool(directory: directory))
        Data(text.utf8).withUnsafeBytes { spool.write($0) }
        return spool
    }

    private func powerSink() throws -> (URL, AtomicFileSink) {
        let root = try sinkRoot()
        return (root, AtomicFileSink(root: root, durability: .power))
    }

    private func assertAllSyncedWithoutFailure(_ sink: AtomicFileSink, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(sink.directoriesToSync, [], file: file, line: line)
        XCTAssertEqual(sink.stats.failures, 0, file: file, line: line)
    }

    /// Makes `sink`'s directory fsyncs go on, but note which directory each one was of (from
    /// /proc), and fail with `errno` at `failAt` (a 0-based call number).
    private func recordFsyncs(_ sink: AtomicFileSink, failAt: Int? = nil, errno code: Int32 = EIO) -> () -> [String] {
        var paths: [String] = []
        sink.fsyncDirectory = { descriptor in
            let path = DescriptorPath.of(descriptor)
            paths.append(path)
            if paths.count - 1 == failAt {
                errno = code
                return -1
            }
            return fsync(descriptor)
        }
        return { paths }
    }

    /// A segment's spool is renamed within its rendition's directory, where the playlist is
    /// replaced too: one directory changed, fsynced once however many files went into it; the
    /// root only when a file of its own (the master) changed.
    func testEachDirectoryARenameChangedIsFsyncedOnceAtTheNextSync() throws {
        let (root, sink) = try powerSink()
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.syncPublished()
        let fsynced = recordFsyncs(sink)
        try sink.putSpooled(try spool(sink, "segment"), name: "primary/seg_00000.ts", kind: .segment)
        try sink.put(Data("#EXTM3U\n#v2\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(try sink.syncPublished(), [])
        XCTAssertEqual(fsynced(), [root.path + "/primary"])
        XCTAssertEqual(sink.directoriesToSync, [])
        try sink.put(Data("#EXTM3U\n#v3\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
        try sink.syncPublished()
        XCTAssertEqual(fsynced(), [root.path + "/primary", root.path, root.path + "/primary"])
        XCTAssertEqual(sink.stats.failures, 0)
    }

    /// A spool published into another directory than its own (the root's, into a rendition's)
    /// changed both: the name it left must not come back after a power cut.
    func testASpoolRenamedOutOfItsDirectoryHasBothDirectoriesFsynced() throws {
        let (root, sink) = try powerSink()
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.syncPublished()
        let fsynced = recordFsyncs(sink)
        try sink.putSpooled(try spool(sink, "segment", in: ""), name: "primary/seg_00000.ts", kind: .segment)
        XCTAssertEqual(try sink.syncPublished(), [])
        XCTAssertEqual(fsynced(), [root.path, root.path + "/primary"])
        assertAllSyncedWithoutFailure(sink)
    }

    /// An asset's directory made for its first file is an entry in `assets/`, and `assets/` one
    /// in the root: both parents are fsynced with the directory the file went into.
    func testADirectoryMadeForAPutHasItsParentFsyncedToo() throws {
        let (root, sink) = try powerSink()
        let fsynced = recordFsyncs(sink)
        try sink.put(Data("#EXTM3U\n".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.syncPublished()
        XCTAssertEqual(fsynced(), [root.path, root.path + "/assets", root.path + "/assets/a1"])
    }

    func testProcessDurabilityLeavesDirectoriesToTheKernel() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .process)
        let fsynced = recordFsyncs(sink)
        try sink.putSpooled(try spool(sink, "segment"), name: "primary/seg_00000.ts", kind: .segment)
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(sink.directoriesToSync, [])
        try sink.syncPublished()
        XCTAssertEqual(fsynced(), [])
    }

    /// An asset's directory goes with its last file; its names need no sync any more.
    func testADirectoryRemovedBeforeTheSyncIsNotAFailure() throws {
        let (root, sink) = try powerSink()
        try sink.put(Data("a".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.delete(name: "assets/a1/index.m3u8")
        let fsynced = recordFsyncs(sink)
        try sink.syncPublished()
        XCTAssertEqual(fsynced(), [root.path, root.path + "/assets"])
        assertAllSyncedWithoutFailure(sink)
    }

    func testAFileSystemThatCannotFsyncADirectoryIsNamedNotFailed() throws {
        let (root, sink) = try powerSink()
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        _ = recordFsyncs(sink, failAt: 0, errno: EINVAL)
        XCTAssertEqual(try sink.syncPublished(), [root.path])
        assertAllSyncedWithoutFailure(sink)
    }

    /// The second of three fsyncs fails: the error names that directory and the first file put
    /// in it, and it and the one after it wait for the next sync; the one before does not.
    func testAFsyncThatFailsPartWayLeavesItsDirectoryAndTheRestForTheNextSync() throws {
        let (root, sink) = try powerSink()
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n".utf8), name: "a/index.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n".utf8), name: "b/index.m3u8", kind: .playlist)
        try sink.syncPublished()
        try sink.put(Data("#EXTM3U\n#v2\n".utf8), name: "master.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n#v2\n".utf8), name: "a/index.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n#v2\n".utf8), name: "b/index.m3u8", kind: .playlist)
        let fsynced = recordFsyncs(sink, failAt: 1)
        XCTAssertThrowsError(try sink.syncPublished()) { error in
            XCTAssertEqual(error as? FileSinkError, .unsynced(directory: root.path + "/a", name: "a/index.m3u8", errno: EIO))
            XCTAssertEqual("\(error)", "cannot make the change to 'a/index.m3u8' survive a power cut: fsync of its directory"
                + " '\(root.path)/a' failed: Input/output error (errno 5); the change is made (the file put or removed), but a power cut may undo it")
        }
        XCTAssertEqual(fsynced(), [root.path, root.path + "/a"])
        XCTAssertEqual(sink.directoriesToSync, [root.path + "/a", root.path + "/b"])
        XCTAssertEqual(sink.stats.failures, 1)
        try sink.syncPublished()
        XCTAssertEqual(fsynced(), [root.path, root.path + "/a", root.path + "/a", root.path + "/b"])
        XCTAssertEqual(sink.directoriesToSync, [])
    }

    /// A deleted segment's removal is fsynced with its directory before the next state save, so
    /// a power cut cannot bring back a file the saved state no longer means to delete; an
    /// asset's directory removed with its last file is an entry of `assets/`.
    func testADeletionIsFsyncedWithItsDirectoryAtTheNextSync() throws {
        let (root, sink) = try powerSink()
        try sink.putSpooled(try spool(sink, "segment"), name: "primary/seg_00000.ts", kind: .segment)
        try sink.put(Data("#EXTM3U\n".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.syncPublished()
        let fsynced = recordFsyncs(sink)
        try sink.delete(name: "primary/seg_00000.ts")
        try sink.delete(name: "assets/a1/index.m3u8")
        XCTAssertEqual(sink.directoriesToSync, [root.path + "/assets", root.path + "/assets/a1", root.path + "/primary"])
        XCTAssertEqual(try sink.syncPublished(), [])
        XCTAssertEqual(fsynced(), [root.path + "/assets", root.path + "/primary"], "assets/a1 is gone, with nothing to sync")
        assertAllSyncedWithoutFailure(sink)
        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("assets")), [])
    }
}

