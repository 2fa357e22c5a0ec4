import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// A live sink makes the files a rendition's next spool and playlist are written into ahead of
/// time (`prepare()`), and holds each published playlist open until the next replaces it, so that
/// neither making a file nor freeing the replaced one lies between a segment and its playlist.
final class FilesMadeAheadTests: TemporaryDirectoriesTestCase {

    func testPrepareMakesTwoSparesWhereSpoolsAreMadeAndTheNextSpoolAndPlaylistUseThem() throws {
        let root = try temporaryDirectory()
        let sink = AtomicFileSink(root: root, durability: .power)
        let first = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        first.discard()
        XCTAssertEqual(try hidden(root, "primary"), [])
        sink.prepare()
        let spares = try hidden(root, "primary")
        XCTAssertEqual(spares.count, 2)
        XCTAssertTrue(spares.allSatisfy { $0.hasPrefix(".spool-\(getpid())-") }, "\(spares)")

        let spool = try XCTUnwrap(sink.makeSpool(directory: "primary"))
        XCTAssertTrue(spares.contains(URL(fileURLWithPath: spool.path).lastPathComponent))
        spool.discard()
        try sink.put(Data("#EXTM3U\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(try hidden(root, "primary"), [], "the playlist was written into the other spare")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("primary/index.m3u8"), encoding: .utf8), "#EXTM3U\n")
        // The root makes no spools: nothing is made ahead there.
        try sink.put(Data("#EXTM3U\n".utf8), name: "master.m3u8", kind: .playlist)
        sink.prepare()
        XCTAssertEqual(try hidden(root, ""), [])
        XCTAssertEqual(try hidden(root, "primary").count, 2)
    }

    func testAReplacedPlaylistIsFreedAtPrepareNotInTheRenameThatReplacedIt() throws {
        let root = try temporaryDirectory()
        let sink = AtomicFileSink(root: root, durability: .power)
        sink.makeSpool(directory: "primary")?.discard()
        try sink.put(Data("one\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        let playlist = root.appendingPathComponent("primary/index.m3u8").path
        XCTAssertEqual(openFiles(matching: playlist), [playlist])
        try sink.put(Data("two\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(openFiles(matching: playlist).sorted(), [playlist, playlist + " (deleted)"])
        sink.prepare()
        XCTAssertEqual(openFiles(matching: playlist), [playlist])
        XCTAssertEqual(try String(contentsOfFile: playlist, encoding: .utf8), "two\n")
        XCTAssertEqual(sink.filesAhead.held, 1)
    }

    func testFlushRemovesTheSparesAndClosesThePublishedFiles() throws {
        let (sink, root) = try preparedSink(.power)
        try sink.put(Data("one\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        try sink.flush(timeout: 1)
        XCTAssertEqual(try hidden(root, "primary"), [])
        XCTAssertEqual(openFiles(matching: root.appendingPathComponent("primary").path), [])
        XCTAssertEqual(sink.filesAhead.spares, 0)
        XCTAssertEqual(sink.filesAhead.held, 0)
    }

    /// Without fsync, a write-back error would show only at close: the file is closed at once.
    func testWithoutFsyncAPublishedFileIsClosedAtOnceButSparesAreStillUsed() throws {
        let (sink, root) = try preparedSink(.process)
        try sink.put(Data("one\n".utf8), name: "primary/index.m3u8", kind: .playlist)
        XCTAssertEqual(openFiles(matching: root.appendingPathComponent("primary/index.m3u8").path), [])
        XCTAssertEqual(sink.filesAhead.spares, 1)
        XCTAssertEqual(sink.filesAhead.held, 0)
    }

    /// A segment put whole (an init segment, or one the sink had no spool for) is never put
    /// again under its name: held open, a channel would hold one per listed segment.
    func testOnlyPlaylistsAreHeldOpen() throws {
        let (sink, root) = try preparedSink(.power)
        try sink.put(Data(repeating: 0x47, count: 188), name: "primary/init_00000.mp4", kind: .segment)
        XCTAssertEqual(openFiles(matching: root.appendingPathComponent("primary/init_00000.mp4").path), [])
        XCTAssertEqual(sink.filesAhead.held, 0)
        XCTAssertEqual(sink.filesAhead.spares, 1, "it was written into a spare")
    }

    /// A spare left by a process that died is removed at the next start, as its spools are.
    func testASpareOfAProcessThatIsGoneIsRemovedAtTheNextStart() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("primary"), withIntermediateDirectories: true)
        let gone = ".spool-\(Int32.max - 7)-3"
        FileManager.default.createFile(atPath: root.appendingPathComponent("primary/" + gone).path, contents: Data())
        SegmentSpool.removeStale(in: root.path)
        XCTAssertEqual(try hidden(root, "primary"), [])
    }

    /// A sink that made a spool in `primary/` (so it keeps spares there) and made them.
    private func preparedSink(_ durability: PublishDurability) throws -> (AtomicFileSink, URL) {
        let root = try temporaryDirectory()
        let sink = AtomicFileSink(root: root, durability: durability)
        sink.makeSpool(directory: "primary")?.discard()
        sink.prepare()
        return (sink, root)
    }

    private func hidden(_ root: URL, _ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)
            .filter { $0.hasPrefix(".") }.sorted()
    }

    /// What this process's descriptors point at, among paths starting with `prefix`.
    private func openFiles(matching prefix: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
            .filter { $0.hasPrefix(prefix) }
    }
}
