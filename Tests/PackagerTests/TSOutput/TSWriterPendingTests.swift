import XCTest
@testable import Packager

/// What a segment writer still has to read of its input, so the input window may release the
/// rest: a live window (no file) released a block under a run of packets the writer had taken but
/// not copied, and the next copy failed ("released too early") at the first ad of
/// samples/live_scte35.ts once blocks were 128 KiB.
final class TSWriterPendingTests: XCTestCase {
    private func units(of bytes: [UInt8]) -> (TSIndexer, [TSAccessUnit]) {
        let indexer = TSIndexer()
        var units: [TSAccessUnit] = []
        bytes.withUnsafeBytes { indexer.feed($0, into: &units) }
        indexer.finish(into: &units)
        return (indexer, units.filter { $0.kind == .video || $0.kind == .audio })
    }

    func testAWrittenBatchLeavesNothingPendingWhenTheInputIsNoFile() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TSOutputMedia.clip()
        let window = TSInputWindow(name: "udp:")
        clip.bytes.withUnsafeBytes { _ = window.append($0) }
        let (indexer, media) = units(of: clip.bytes)
        let writer = try TSSegmentWriter(label: "primary", input: window, grid: indexer.grid)
        writer.batch = 8
        try writer.begin(path: dir.appendingPathComponent("a.ts").path, shift: 0)
        for unit in media.prefix(20) { try writer.append(unit) }
        try writer.flushPending()
        XCTAssertNil(writer.oldestPendingOffset)
        XCTAssertNil(writer.run)
    }

    func testARunTakenFromAFileStaysPendingUntilCopied() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TSOutputMedia.clip()
        let window = try TSInputWindow(mappingFile: clip.url.path)
        let (indexer, media) = units(of: clip.bytes)
        let writer = try TSSegmentWriter(label: "primary", input: window, grid: indexer.grid)
        try writer.begin(path: dir.appendingPathComponent("a.ts").path, shift: 0)
        for unit in media.prefix(20) { try writer.append(unit) }
        try writer.flushPending()
        let run = try XCTUnwrap(writer.run)
        XCTAssertEqual(writer.oldestPendingOffset, run.start)
        XCTAssertLessThanOrEqual(run.start, media[19].lastPacket)
    }
}
