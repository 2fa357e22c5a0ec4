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

    /// Near a segment's expected end the writer writes small: every 8 units go to the file at
    /// once, where before they waited for the batch (64 live) and the buffer; the segment holds
    /// the packets of a writer that wrote big throughout, each PID's in the same order (how PIDs
    /// interleave follows the batches).
    func testWritingSmallPutsEveryEightUnitsOnTheFileAtOnce() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TSOutputMedia.clip()
        let (indexer, media) = units(of: clip.bytes)
        func writer(_ name: String) throws -> (TSSegmentWriter, String) {
            let window = TSInputWindow(name: "udp:")
            clip.bytes.withUnsafeBytes { _ = window.append($0) }
            let writer = try TSSegmentWriter(label: "primary", input: window, grid: indexer.grid, bufferSize: 1 << 18)
            writer.batch = 64
            let path = dir.appendingPathComponent(name).path
            try writer.begin(path: path, shift: 0)
            return (writer, path)
        }
        let (big, bigPath) = try writer("big.ts"), (small, smallPath) = try writer("small.ts")
        for unit in media.prefix(8) {
            try big.append(unit)
            try small.append(unit)
        }
        XCTAssertEqual(try fileSize(smallPath), 0, "a batch of 64 is not due yet")
        small.writeSmall()
        var written: [Int] = []
        for i in 8..<40 {
            try big.append(media[i])
            try small.append(media[i])
            if i % 8 == 0 {
                XCTAssertNil(small.oldestPendingOffset, "unit \(i)")
                written.append(try fileSize(smallPath))
            }
        }
        XCTAssertEqual(try fileSize(bigPath), 0)
        XCTAssertEqual(written.count, 4)
        XCTAssertEqual(written, written.sorted())
        XCTAssertGreaterThan(written[0], 0)
        _ = try big.end()
        _ = try small.end()
        XCTAssertEqual(try fileSize(smallPath), try fileSize(bigPath))
        XCTAssertEqual(try packetsByPID(smallPath), try packetsByPID(bigPath))
    }

    private func fileSize(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// A file's 188-byte packets, grouped by PID in file order.
    private func packetsByPID(_ path: String) throws -> [Int: [Data]] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var byPID: [Int: [Data]] = [:]
        for start in stride(from: 0, to: bytes.count, by: 188) {
            let packet = bytes.subdata(in: start..<min(start + 188, bytes.count))
            let pid = Int(packet[1] & 0x1F) << 8 | Int(packet[2])
            byPID[pid, default: []].append(packet)
        }
        return byPID
    }
}
