import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

final class AtomicFileSinkTests: SinkRootTestCase {
    /// A playlist whose first and last lines both carry its version and whose length varies,
    /// so a torn, mixed or empty read is detectable.
    private func playlist(version: Int) -> String {
        var text = "#EXTM3U\n#VERSION:\(version)\n"
        for index in 0..<(version % 97 + 1) { text += "#EXTINF:2.000,\nseg_\(version + index).ts\n" }
        return text + "#END:\(version)\n"
    }

    func testConcurrentReaderNeverSeesPartialOrEmptyPlaylistAcross2000Versions() throws {
        try assertReaderNeverSeesATornPlaylist(versions: 2000, durability: .power)
    }

    /// Without fsync (`--durability process`) a file still appears whole: the rename is what
    /// readers depend on; the fsync only decides whether a power cut keeps it.
    func testWithoutFsyncAConcurrentReaderStillNeverSeesATornPlaylist() throws {
        try assertReaderNeverSeesATornPlaylist(versions: 2000, durability: .process)
    }

    private func assertReaderNeverSeesATornPlaylist(versions: Int, durability: PublishDurability) throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: durability)
        let target = root.appendingPathComponent("video/index.m3u8").path
        try sink.put(Data(playlist(version: 0).utf8), name: "video/index.m3u8", kind: .playlist)

        let done = ManagedFlag()
        let findings = ReaderFindings()
        let reader = Thread {
            var lastVersion = 0
            while !done.isSet {
                guard let data = FileManager.default.contents(atPath: target),
                      let text = String(data: data, encoding: .utf8) else {
                    findings.note(bad: "unreadable or missing")
                    continue
                }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                guard lines.count >= 3, lines[1].hasPrefix("#VERSION:"),
                      let version = Int(lines[1].dropFirst("#VERSION:".count)),
                      text == self.playlist(version: version) else {
                    findings.note(bad: "torn read of \(data.count) bytes")
                    continue
                }
                if version < lastVersion { findings.note(bad: "went back from \(lastVersion) to \(version)") }
                lastVersion = version
                findings.noteGood()
            }
            findings.finish()
        }
        reader.start()
        for version in 1...versions {
            try sink.put(Data(playlist(version: version).utf8), name: "video/index.m3u8", kind: .playlist)
        }
        done.set()
        findings.waitUntilFinished()

        XCTAssertEqual(findings.bad, [])
        XCTAssertGreaterThan(findings.good, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data(playlist(version: versions).utf8))
        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("video")), ["index.m3u8"])
        XCTAssertEqual(sink.stats.puts, versions + 1)
    }

    func testPutCreatesNestedDirectoriesAndWritesExactBytes() throws {
        let root = try sinkRoot().appendingPathComponent("out")
        let sink = AtomicFileSink(root: root)
        let piece = try PublishTestFolder.transportStreamPieces(count: 1)[0]
        try sink.put(piece, name: "ads/break_1/video/seg_00042.ts", kind: .asset)

        XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent("ads/break_1/video/seg_00042.ts").path), piece)
        XCTAssertEqual(try sink.url(for: "ads/break_1/video/seg_00042.ts").path,
                       root.appendingPathComponent("ads/break_1/video/seg_00042.ts").path)
        XCTAssertEqual(sink.stats.puts, 1)
        XCTAssertEqual(sink.stats.bytes, Int64(piece.count))
    }

    /// Directories are made when a write finds one missing, not checked before each put: one
    /// removed between puts (an asset's, after its last file was deleted) comes back, for a put
    /// and for a spooled segment alike.
    func testADirectoryRemovedBetweenPutsIsMadeAgainByTheNextPutOrSpool() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root, durability: .power)
        try sink.put(Data("a".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        try sink.delete(name: "assets/a1/index.m3u8")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("assets/a1").path), "rmdir of the last")
        try sink.put(Data("b".utf8), name: "assets/a1/index.m3u8", kind: .asset)
        XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent("assets/a1/index.m3u8").path), Data("b".utf8))
        let spool = try XCTUnwrap(sink.makeSpool(directory: ""))
        Data("segment".utf8).withUnsafeBytes { spool.write($0) }
        try sink.putSpooled(spool, name: "assets/a2/seg_00000.ts", kind: .asset)
        XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent("assets/a2/seg_00000.ts").path),
                       Data("segment".utf8))
        XCTAssertEqual(PublishTestFolder.entries(of: root), ["assets"])
        XCTAssertEqual(sink.stats.puts, 3)
        XCTAssertEqual(sink.stats.failures, 0)
    }

    func testParentThatIsARegularFileFailsWithNotADirectoryNamingThePath() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root)
        try sink.put(Data("not a directory".utf8), name: "video", kind: .other)

        XCTAssertThrowsError(try sink.put(Data("x".utf8), name: "video/seg_0.ts", kind: .segment)) { error in
            XCTAssertEqual(error as? FileSinkError,
                           .system(operation: "mkdir", path: root.path + "/video", name: "video/seg_0.ts", errno: ENOTDIR))
            XCTAssertEqual("\(error)", "cannot publish 'video/seg_0.ts': mkdir '\(root.path)/video' failed:"
                + " Not a directory (errno 20); the previously published version, if any, is unchanged")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent("video").path),
                       Data("not a directory".utf8))
        XCTAssertEqual(sink.stats.failures, 1)
    }

    func testFileSizeLimitFailureKeepsPreviousVersionAndRemovesTempFile() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root)
        let previous = Data(playlist(version: 1).utf8)
        try sink.put(previous, name: "index.m3u8", kind: .playlist)
        let oversized = Data(repeating: 0x47, count: 64 * 1024)

        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        var small = saved
        small.rlim_cur = 4096
        // Without ignoring SIGXFSZ the kernel would kill the test process instead of failing the write.
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small), 0)
        var thrown: Error?
        do { try sink.put(oversized, name: "index.m3u8", kind: .playlist) } catch { thrown = error }
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        signal(SIGXFSZ, previousHandler)

        guard let error = thrown as? FileSinkError, case .system(let operation, let path, let name, let code) = error else {
            return XCTFail("expected a FileSinkError.system, got \(String(describing: thrown))")
        }
        XCTAssertEqual(operation, "write")
        XCTAssertEqual(name, "index.m3u8")
        XCTAssertEqual(code, EFBIG)
        XCTAssertTrue(path.hasPrefix(root.path + "/.index.m3u8.tmp-\(getpid())-"), path)
        XCTAssertEqual("\(error)", "cannot publish 'index.m3u8': write '\(path)' failed: File too large (errno 27);"
            + " the previously published version, if any, is unchanged")
        XCTAssertEqual(FileManager.default.contents(atPath: root.appendingPathComponent("index.m3u8").path), previous)
        XCTAssertEqual(PublishTestFolder.entries(of: root), ["index.m3u8"])
        XCTAssertEqual(sink.stats.failures, 1)
        XCTAssertEqual(sink.stats.puts, 1)
    }

    func testDeleteRemovesFileAndMissingFileIsNotAnError() throws {
        let root = try sinkRoot()
        let sink = AtomicFileSink(root: root)
        try sink.put(Data("x".utf8), name: "video/seg_0.ts", kind: .segment)
        try sink.delete(name: "video/seg_0.ts")
        try sink.delete(name: "video/seg_0.ts")
        try sink.delete(name: "never/created.ts")

        XCTAssertEqual(PublishTestFolder.entries(of: root.appendingPathComponent("video")), [])
        XCTAssertEqual(sink.stats.deletes, 3)
        XCTAssertEqual(sink.stats.failures, 0)
    }

    func testNamesThatCouldLeaveTheRootAreRefused() throws {
        let sink = AtomicFileSink(root: try sinkRoot())
        let refused: [(String, String)] = [
            ("../escape.m3u8", "it contains '..', which could leave the sink root"),
            ("/etc/passwd", "it is absolute; names are relative to the sink root"),
            ("video//seg.ts", "it has an empty path component"),
            ("", "it is empty"),
        ]
        for (name, reason) in refused {
            XCTAssertThrowsError(try sink.put(Data(), name: name, kind: .other)) { error in
                XCTAssertEqual(error as? FileSinkError, .invalidName(PublishNameError(name: name, reason: reason)))
            }
        }
        XCTAssertThrowsError(try sink.delete(name: "../x"))
        XCTAssertEqual(sink.stats.failures, 5)
        XCTAssertEqual(sink.stats.puts, 0)
    }
}

/// A flag the writer raises to stop the reader thread.
private final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

/// What the reader thread saw, shared with the test thread.
private final class ReaderFindings: @unchecked Sendable {
    private let condition = NSCondition()
    private var badReads: [String] = []
    private var goodReads = 0
    private var finished = false

    func note(bad: String) { condition.lock(); if badReads.count < 10 { badReads.append(bad) }; condition.unlock() }
    func noteGood() { condition.lock(); goodReads += 1; condition.unlock() }
    func finish() { condition.lock(); finished = true; condition.broadcast(); condition.unlock() }
    func waitUntilFinished() { condition.lock(); while !finished { condition.wait() }; condition.unlock() }
    var bad: [String] { condition.lock(); defer { condition.unlock() }; return badReads }
    var good: Int { condition.lock(); defer { condition.unlock() }; return goodReads }
}
