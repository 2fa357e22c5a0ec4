import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// Segments written into a directory sink's spool while muxed, then renamed to their names.
final class SegmentSpoolTests: SinkRootTestCase {
    private func write(_ data: Data, into spool: SegmentSpool, pieces: Int) {
        let size = (data.count + pieces - 1) / pieces
        data.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                spool.write(UnsafeRawBufferPointer(rebasing: all[offset..<min(all.count, offset + size)]))
                offset += size
            }
        }
    }

    /// The spool is made in the directory its segment goes to (made for it, the first time), so
    /// the rename that publishes it stays in that directory.
    func testSpooledSegmentIsPublishedUnderItsNameWithItsBytesAndNoSpoolLeft() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        let bytes = try PublishTestFolder.transportStreamPieces(count: 1, packetsEach: 5000)[0]
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        XCTAssertTrue(spool.path.hasPrefix(root.path + "/primary/.spool-\(getpid())-"), spool.path)
        write(bytes, into: spool, pieces: 37)
        XCTAssertEqual(spool.size, 940_000)
        try sink.putSpooled(spool, name: "primary/seg_00007.ts", kind: .segment)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("primary/seg_00007.ts")), bytes)
        XCTAssertEqual(PublishTestFolder.entries(of: root), ["primary"])
        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("primary")), ["seg_00007.ts"])
        XCTAssertEqual(sink.stats.puts, 1)
        XCTAssertEqual(sink.stats.bytes, 940_000)
    }

    /// A muxer that seeks back (as into its in-memory buffer) overwrites in place.
    func testSeekBackOverwritesInPlaceAndSizeIsTheFurthestEnd() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .process)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "a"))
        write(Data("abcdefgh".utf8), into: spool, pieces: 2)
        XCTAssertEqual(spool.seek(2, whence: SEEK_SET), 2)
        write(Data("XY".utf8), into: spool, pieces: 1)
        XCTAssertEqual(spool.seek(0, whence: SEEK_END), 8)
        XCTAssertEqual(spool.seek(-9, whence: SEEK_CUR), -1)
        try sink.putSpooled(spool, name: "a/b.ts", kind: .segment)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("a/b.ts"), encoding: .utf8), "abXYefgh")
    }

    /// A write that fails (here: a descriptor opened read-only, EBADF) does not stop the muxer;
    /// publishing the spool reports it, names the segment, and publishes nothing.
    func testFailedWriteFailsThatPutNamingTheSegmentAndPublishesNothing() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        let path = root.appendingPathComponent(".spool-\(getpid())-999").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let spool = SegmentSpool(path: path, descriptor: open(path, O_RDONLY | O_CLOEXEC), syncEvery: nil)
        write(Data(repeating: 0x47, count: 1000), into: spool, pieces: 4)
        XCTAssertEqual(spool.size, 1000)
        XCTAssertThrowsError(try sink.putSpooled(spool, name: "primary/seg_00001.ts", kind: .segment)) { error in
            XCTAssertEqual(error as? FileSinkError, .system(operation: "write (at byte 0)", path: path,
                                                            name: "primary/seg_00001.ts", errno: EBADF))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("primary/seg_00001.ts").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(sink.stats.failures, 1)
        XCTAssertEqual(sink.stats.puts, 0)
    }

    func testDiscardedSpoolLeavesNothing() throws {
        let root = try sinkRoot()
        let spool = try XCTUnwrap(AtomicFileSink(root: root).makeSpool(directory: ""))
        write(Data(repeating: 1, count: 10), into: spool, pieces: 1)
        spool.discard()
        XCTAssertEqual(PublishTestFolder.entries(of: root), [])
    }

    /// A crash mid-segment leaves a spool, in a rendition's directory (or, from an older
    /// version, in the root); the next start removes it, but not the spool of a process still
    /// running (another channel writing into the same directory).
    func testStaleSpoolsOfExitedProcessesAreRemovedAndThoseOfRunningOnesKept() throws {
        let root = try sinkRoot()
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let names = [".spool-\(exited.processIdentifier)-3", ".spool-\(getppid())-1", ".spool-\(getpid())-2", "seg_00001.ts"]
        for directory in [root, root.appendingPathComponent("primary_1")] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for name in names {
                XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data([1])))
            }
        }
        SegmentSpool.removeStale(in: root.path)
        // entries(of:) sorts by name, so the expectation is sorted too (the parent may have the higher pid).
        let kept = [".spool-\(getppid())-1", ".spool-\(getpid())-2", "seg_00001.ts"]
        XCTAssertEqual(PublishTestFolder.entries(of: root), (kept + ["primary_1"]).sorted())
        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("primary_1")), kept.sorted())
    }

    // MARK: direct writes

    private func isDirect(_ spool: SegmentSpool) -> Bool {
        fcntl(spool.descriptor, F_GETFL) & LinuxFileCalls.directIO != 0
    }

    /// Whole aligned blocks go in with O_DIRECT; a write with a partial block at its end puts
    /// that part in buffered and ends direct writing; the file holds every byte in order.
    func testPowerSpoolWritesWholeBlocksDirectThenTheTailBuffered() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        // The test root is on the machine's disk (ext4 here and in CI), which takes O_DIRECT.
        XCTAssertEqual(spool.beginDirectWrites(), 4096)
        XCTAssertTrue(isDirect(spool))
        let bytes = try PublishTestFolder.transportStreamPieces(count: 1, packetsEach: 300)[0]    // 56,400 bytes
        let aligned = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 4096)
        defer { aligned.deallocate() }
        bytes.copyBytes(to: aligned)
        spool.write(UnsafeRawBufferPointer(rebasing: aligned[0..<8192]))
        spool.write(UnsafeRawBufferPointer(rebasing: aligned[8192..<16384]))
        XCTAssertTrue(isDirect(spool), "whole aligned blocks keep direct writes on")
        spool.write(UnsafeRawBufferPointer(rebasing: aligned[16384..<20000]))
        XCTAssertFalse(isDirect(spool), "a partial block ends them")
        spool.write(UnsafeRawBufferPointer(rebasing: aligned[20000...]))
        XCTAssertNil(spool.failure)
        XCTAssertEqual(spool.size, 56_400)
        try sink.putSpooled(spool, name: "primary/seg_00001.ts", kind: .segment)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("primary/seg_00001.ts")), bytes)
    }

    /// Memory that is not block-aligned is written buffered, from its first byte.
    func testUnalignedMemoryIsWrittenBufferedAndWhole() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        XCTAssertEqual(spool.beginDirectWrites(), 4096)
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192 + 16, alignment: 4096)
        defer { storage.deallocate() }
        for i in 0..<storage.count { storage[i] = UInt8(truncatingIfNeeded: i &* 7) }
        let shifted = UnsafeRawBufferPointer(rebasing: storage[16..<(8192 + 16)])
        spool.write(shifted)
        XCTAssertFalse(isDirect(spool))
        try sink.putSpooled(spool, name: "primary/a.ts", kind: .segment)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("primary/a.ts")), Data(shifted))
    }

    /// 2 MiB in `piece`-byte writes from block-aligned memory, as a segment writer hands it over.
    @discardableResult
    private func writeTwoMebibytes(_ spool: SegmentSpool, piece: Int = 256 << 10) -> Data {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 << 20, alignment: 4096)
        defer { storage.deallocate() }
        for i in 0..<storage.count { storage[i] = UInt8(truncatingIfNeeded: i &* 13 &+ i >> 12) }
        for start in stride(from: 0, to: storage.count, by: piece) {
            spool.write(UnsafeRawBufferPointer(rebasing: storage[start..<(start + piece)]))
        }
        return Data(storage)
    }

    /// The file's size at each fdatasync of the spool.
    private func recordSyncs(of spool: SegmentSpool) -> () -> [Int] {
        let sizes = NSMutableArray()
        spool.syncData = { descriptor in
            var info = stat()
            _ = fstat(descriptor, &info)
            sizes.add(Int(info.st_size))
            return fdatasync(descriptor)
        }
        return { sizes.compactMap { $0 as? Int } }
    }

    /// The segment is synced every 512 KiB while it is written, direct or buffered, so the
    /// sync before its rename is left the last piece, or nothing when the last write was synced;
    /// the bytes are unchanged.
    func testPowerSpoolIsSyncedEveryHalfMebibyteAsItIsWrittenAndOnceMoreOnlyForATail() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        for (name, direct, piece, tail) in [("primary/seg_00002.ts", true, 256 << 10, 0), ("primary/seg_00003.m4s", false, 64 << 10, 0),
                                           ("primary/seg_00004.ts", true, 256 << 10, 1880)] {
            let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
            let syncs = recordSyncs(of: spool)
            if direct { XCTAssertEqual(spool.beginDirectWrites(), 4096) }
            var bytes = writeTwoMebibytes(spool, piece: piece)
            let more = Data(repeating: 0x47, count: tail)
            more.withUnsafeBytes { spool.write($0) }
            bytes += more
            XCTAssertEqual(syncs(), [512 << 10, 1024 << 10, 1536 << 10, 2048 << 10], name)
            XCTAssertEqual(spool.directBytes, direct ? 2 << 20 : 0, name)
            try sink.putSpooled(spool, name: name, kind: .segment)
            XCTAssertEqual(syncs(), [512 << 10, 1024 << 10, 1536 << 10, 2048 << 10] + (tail > 0 ? [(2 << 20) + tail] : []), name)
            XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(name)), bytes, name)
        }
    }

    /// Near a segment's end the spool syncs sooner (every 128 KiB here), counting from its last
    /// sync; a spool that does not sync (`--durability process`) still does not.
    func testSyncingSoonerCountsFromTheLastSyncAndLeavesAnUnsyncedSpoolUnsynced() throws {
        let sink = AtomicFileSink(root: try sinkRoot(), durability: .power)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        let syncs = recordSyncs(of: spool)
        let piece = Data(repeating: 0x47, count: 64 << 10)
        for _ in 0..<4 { piece.withUnsafeBytes { spool.write($0) } }
        XCTAssertEqual(syncs(), [])
        spool.syncSooner(every: 128 << 10)
        for _ in 0..<4 { piece.withUnsafeBytes { spool.write($0) } }
        XCTAssertEqual(syncs(), [320 << 10, 448 << 10])
        spool.discard()
        let unsynced = try XCTUnwrap(AtomicFileSink(root: try sinkRoot(), durability: .process).makeSpool(directory: "primary"))
        let none = recordSyncs(of: unsynced)
        unsynced.syncSooner(every: 128 << 10)
        for _ in 0..<8 { piece.withUnsafeBytes { unsynced.write($0) } }
        XCTAssertEqual(none(), [])
        unsynced.discard()
    }

    /// An fMP4 fragment closed early syncs what was written since the last sync at once, and
    /// only that; a second call with nothing new, or a spool that never syncs, syncs nothing.
    func testSyncingAtABoundarySyncsWhatWasWrittenSinceTheLastSyncOnce() throws {
        let sink = AtomicFileSink(root: try sinkRoot(), durability: .power)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        let syncs = recordSyncs(of: spool)
        let piece = Data(repeating: 0x47, count: 192 << 10)
        for _ in 0..<3 { piece.withUnsafeBytes { spool.write($0) } }
        XCTAssertEqual(syncs(), [576 << 10], "the 512 KiB sync")
        piece.withUnsafeBytes { spool.write($0) }
        spool.syncAtBoundary()
        spool.syncAtBoundary()
        XCTAssertEqual(syncs(), [576 << 10, 768 << 10])
        piece.withUnsafeBytes { spool.write($0) }
        XCTAssertEqual(syncs(), [576 << 10, 768 << 10], "the next 512 KiB count from the boundary")
        spool.discard()
        let unsynced = try XCTUnwrap(AtomicFileSink(root: try sinkRoot(), durability: .process).makeSpool(directory: "primary"))
        let none = recordSyncs(of: unsynced)
        piece.withUnsafeBytes { unsynced.write($0) }
        unsynced.syncAtBoundary()
        XCTAssertEqual(none(), [])
        unsynced.discard()
    }

    /// Without fsyncs (`--durability process`) nothing is synced while writing either.
    func testProcessSpoolIsNeverSyncedWhileWritten() throws {
        let spool = try XCTUnwrap(AtomicFileSink(root: try sinkRoot(), durability: .process).makeSpool(directory: "primary"))
        let syncs = recordSyncs(of: spool)
        writeTwoMebibytes(spool)
        XCTAssertEqual(syncs(), [])
        spool.discard()
    }

    /// A failed fdatasync (a disk that lost the bytes) fails that segment as a failed write does,
    /// naming the call and where the unsynced bytes began; the spool writes nothing more.
    func testFailedSyncWhileWritingFailsThatPutNamingTheCall() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        var calls = 0
        spool.syncData = { _ in
            calls += 1
            errno = EIO
            return -1
        }
        XCTAssertEqual(spool.beginDirectWrites(), 4096)
        writeTwoMebibytes(spool)
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(spool.directBytes, 512 << 10)
        let path = spool.path
        XCTAssertThrowsError(try sink.putSpooled(spool, name: "primary/seg_00003.ts", kind: .segment)) { error in
            XCTAssertEqual(error as? FileSinkError, .system(operation: "fdatasync (at byte 0)", path: path,
                                                            name: "primary/seg_00003.ts", errno: EIO))
        }
        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("primary")), [])
    }

    /// Without fsyncs (`--durability process`) the page cache is the point: no direct writes.
    func testProcessDurabilitySpoolNeverWritesDirect() throws {
        let spool = try XCTUnwrap(AtomicFileSink(root: try sinkRoot(), durability: .process).makeSpool(directory: "primary"))
        XCTAssertNil(spool.beginDirectWrites())
        XCTAssertFalse(isDirect(spool))
        spool.discard()
    }
}
