import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// `vod.durability` power: a staged presentation is fsynced whole before it is swapped in, and
/// the destination's directory after, so a batch's committed fingerprint never outlives the
/// files it vouches for.
final class StagedDirectorySinkDurabilityTests: SinkRootTestCase {
    private struct Fsync: Equatable {
        var path: String
        /// Whether the destination existed when this fsync ran (before the swap or after).
        var destinationVisible: Bool
    }

    /// Makes `sink`'s fsyncs go on, but note each one's path (from /proc) and whether the
    /// destination was visible then; fails with `errno` at `failAt` (a 0-based call number), or
    /// with EINVAL for every directory when `directoriesUnsyncable`.
    private func recordFsyncs(_ sink: StagedDirectorySink, failAt: Int? = nil,
                              directoriesUnsyncable: Bool = false) -> () -> [Fsync] {
        var calls: [Fsync] = []
        let destination = sink.destination.path
        sink.treeSync.fsyncDescriptor = { descriptor in
            let path = DescriptorPath.of(descriptor)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            calls.append(Fsync(path: path, destinationVisible: FileManager.default.fileExists(atPath: destination)))
            if calls.count - 1 == failAt {
                errno = EIO
                return -1
            }
            if directoriesUnsyncable, isDirectory.boolValue {
                errno = EINVAL
                return -1
            }
            return fsync(descriptor)
        }
        return { calls }
    }

    /// The files a presentation has: a segment written in place, playlists put, an asset.
    private func stage(_ sink: StagedDirectorySink, version: String = "1") throws {
        let segment = try XCTUnwrap(try sink.directPath(for: "primary/seg_00000.ts"))
        try Data("segment \(version)".utf8).write(to: URL(fileURLWithPath: segment))
        try sink.put(Data("#EXTM3U\n#\(version)\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.put(Data("#EXTM3U\n".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
    }

    func testPowerFsyncsEachStagedEntryAfterWhatItHoldsBeforeTheSwapAndTheParentAfter() throws {
        let root = try sinkRoot()
        let sink = try StagedDirectorySink(destination: root.appendingPathComponent("title"), durability: .power)
        let staging = sink.staging.path
        try stage(sink)
        let fsynced = recordFsyncs(sink)
        try sink.commit()
        XCTAssertEqual(fsynced().map(\.path),
                       ["assets/a1/index.m3u8", "assets/a1", "assets", "master.m3u8", "primary/index.m3u8", "primary/seg_00000.ts",
                        "primary"].map { staging + "/" + $0 } + [staging, root.path])
        XCTAssertEqual(fsynced().map(\.destinationVisible), Array(repeating: false, count: 8) + [true])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("title/primary/seg_00000.ts"), encoding: .utf8), "segment 1")
        XCTAssertEqual(sink.unsyncablePaths, [])
    }

    /// Over an existing tree (the exchange): the parent's fsync comes while the old tree is
    /// still whole at the staging path, so its removal cannot reach the disk before the swap.
    func testASwapOverAnOldTreeIsFsyncedBeforeTheOldTreeIsRemoved() throws {
        let root = try sinkRoot()
        let destination = root.appendingPathComponent("title")
        let first = try StagedDirectorySink(destination: destination, durability: .power)
        try stage(first, version: "1")
        try first.commit()
        let second = try StagedDirectorySink(destination: destination, durability: .power)
        try stage(second, version: "2")
        var oldTreeAtParentSync: String?
        let staging = second.staging
        second.treeSync.fsyncDescriptor = { descriptor in
            let path = DescriptorPath.of(descriptor)
            if path == root.path {
                oldTreeAtParentSync = try? String(contentsOf: staging.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
            }
            return fsync(descriptor)
        }
        try second.commit()
        XCTAssertEqual(oldTreeAtParentSync, "#EXTM3U\n#1\n")
        XCTAssertEqual(PublishTestFolder.entries(of: root), ["title"])
        XCTAssertEqual(try String(contentsOf: destination.appendingPathComponent("primary/index.m3u8"), encoding: .utf8), "#EXTM3U\n#2\n")
    }

    /// Directories made for the destination's parent are entries of their own parents.
    func testDirectoriesMadeForTheDestinationHaveTheirEntriesFsyncedToo() throws {
        let root = try sinkRoot()
        let sink = try StagedDirectorySink(destination: root.appendingPathComponent("new/deeper/title"), durability: .power)
        try stage(sink)
        let fsynced = recordFsyncs(sink)
        try sink.commit()
        XCTAssertEqual(fsynced().suffix(3).map(\.path), [root.path + "/new/deeper", root.path + "/new", root.path])
    }

    func testProcessDurabilityLeavesTheTreeToTheKernel() throws {
        let root = try sinkRoot()
        let sink = try StagedDirectorySink(destination: root.appendingPathComponent("title"))
        XCTAssertEqual(sink.durability, .process)
        try stage(sink)
        let fsynced = recordFsyncs(sink)
        try sink.commit()
        XCTAssertEqual(fsynced(), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("title/master.m3u8").path))
    }

    /// A disk error while the tree is fsynced: nothing is swapped in, the old tree stays whole,
    /// and the staging tree goes with the sink.
    func testAFailedFsyncSwapsNothingInAndKeepsTheOldTree() throws {
        let root = try sinkRoot()
        let destination = root.appendingPathComponent("title")
        let first = try StagedDirectorySink(destination: destination)
        try stage(first, version: "1")
        try first.commit()
        do {
            let sink = try StagedDirectorySink(destination: destination, durability: .power)
            try stage(sink, version: "2")
            let fsynced = recordFsyncs(sink, failAt: 6)
            XCTAssertThrowsError(try sink.commit()) { error in
                guard case FileSinkError.system(let operation, let path, _, let code)? = error as? FileSinkError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(operation, "fsync")
                XCTAssertEqual(path, sink.staging.path + "/primary")
                XCTAssertEqual(code, EIO)
            }
            XCTAssertEqual(fsynced().count, 7)
            XCTAssertEqual(try String(contentsOf: destination.appendingPathComponent("primary/index.m3u8"), encoding: .utf8), "#EXTM3U\n#1\n")
        }
        XCTAssertEqual(PublishTestFolder.entries(of: root), ["title"])
    }

    /// A file system that cannot fsync a directory (EINVAL) does not fail the output; the paths
    /// are kept for the report's warning.
    func testDirectoriesThatCannotBeFsyncedAreNotedNotFailed() throws {
        let root = try sinkRoot()
        let sink = try StagedDirectorySink(destination: root.appendingPathComponent("title"), durability: .power)
        try stage(sink)
        _ = recordFsyncs(sink, directoriesUnsyncable: true)
        try sink.commit()
        let title = root.path + "/title"
        XCTAssertEqual(sink.unsyncablePaths, [title + "/assets/a1", title + "/assets", title + "/primary", title, root.path])
        let report = VodReport(input: "in.ts", output: "", t0: 0, sourceDurationTicks: 0, primaryDurationTicks: 0,
                               primarySegments: 0, spans: [], withdrawn: [], cues: 0, warnings: ["earlier"])
        XCTAssertEqual(report.warningUnsynced(by: sink).warnings,
                       ["earlier", "the file system of '\(root.path)/title' cannot fsync '\(title)/assets/a1' and 4 more (EINVAL): "
                        + "durability power is not assured there"])
        XCTAssertEqual(report.warningUnsynced(by: nil).warnings, ["earlier"])
    }
}
