import XCTest
@testable import Packager

/// Input that arrives in chunks (a pipe, a socket) goes through an in-memory window instead of
/// a mapped file; packets split across chunks are gathered. The segments are the same bytes.
final class TSChunkInputTests: XCTestCase {
    func testChunkedInputWritesTheSameSegmentsAsTheMappedFile() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try TSOutputMedia.clip()
        let spans = [TSCutSpan(serial: 1, startTicks: clip.ticks(4), endTicks: clip.ticks(7), placement: .strip)]
        let mappedDir = dir.appendingPathComponent("mapped"), chunkDir = dir.appendingPathComponent("chunks")
        for d in [mappedDir, chunkDir] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let mapped = try TSEngineRun.cut(clip.url, into: mappedDir, spans: spans)

        let window = TSInputWindow(name: "pipe:")
        let indexer = TSIndexer()
        let router = try TSOutputRouter(input: window, indexer: indexer, targetTicks: 180_000, spans: spans,
                                        segmentPath: { target, index in
            chunkDir.appendingPathComponent(target == .primary ? "primary-\(index).ts" : "asset-\(index).ts").path
        })
        var units: [TSAccessUnit] = []
        var i = 0
        var released: Int64 = 0
        while i < clip.bytes.count {
            let end = min(i + 1000, clip.bytes.count)
            try clip.bytes[i..<end].withUnsafeBytes { chunk in
                window.append(chunk)
                units.removeAll(keepingCapacity: true)
                indexer.feed(chunk, into: &units)
                for unit in units { try router.consume(unit) }
            }
            if let oldest = router.oldestNeededOffset {
                window.release(before: oldest)
                released = max(released, oldest)
            }
            i = end
        }
        units.removeAll()
        indexer.finish(into: &units)
        for unit in units { try router.consume(unit) }
        let segments = try router.finish()
        XCTAssertGreaterThan(released, Int64(clip.bytes.count / 2))      // the window did not keep everything
        XCTAssertEqual(segments.map(\.durationTicks), mapped.segments.map(\.durationTicks))
        for (a, b) in zip(segments, mapped.segments) {
            XCTAssertEqual(try TestMedia.bytes(URL(fileURLWithPath: a.written.path)),
                           try TestMedia.bytes(URL(fileURLWithPath: b.written.path)))
        }
    }

    /// Live reads go straight into the window's blocks; a packet that straddles two blocks is
    /// gathered, runs of packets never cross a block, and released blocks are reused.
    func testReadsInPlaceKeepEveryPacketAcrossBlockEdgesAndAfterRelease() throws {
        let packets = 4000                                   // 752,000 bytes: six 128 KiB blocks
        var bytes = [UInt8](repeating: 0, count: packets * TSPacketBytes.size)
        for k in 0..<packets {
            for j in 0..<TSPacketBytes.size { bytes[k * TSPacketBytes.size + j] = UInt8(truncatingIfNeeded: k &* 31 &+ j) }
            bytes[k * TSPacketBytes.size] = TSPacketBytes.sync
        }
        let window = TSInputWindow(name: "udp:")
        func read(from start: Int, pieces: Int) {
            var i = start
            while i < min(bytes.count, start + pieces) {
                let n = min(1000, bytes.count - i)
                let got = window.appendReading(upTo: 1000) { room in
                    bytes[i..<(i + n)].withUnsafeBytes { room.copyMemory(from: $0) }
                    return n
                }
                XCTAssertEqual(Array(got), Array(bytes[i..<(i + n)]))
                i += n
            }
        }
        func packet(_ k: Int) throws -> [UInt8] {
            Array(UnsafeRawBufferPointer(start: try window.packet(at: Int64(k * TSPacketBytes.size)), count: TSPacketBytes.size))
        }
        func expected(_ k: Int, count: Int = 1) -> [UInt8] {
            Array(bytes[(k * TSPacketBytes.size)..<((k + count) * TSPacketBytes.size)])
        }
        read(from: 0, pieces: 500_000)
        XCTAssertEqual(window.size, 500_000)
        var straddling = 0
        for k in 0..<(500_000 / TSPacketBytes.size) {
            XCTAssertEqual(try packet(k), expected(k), "packet \(k)")
            let (run, n) = try window.packets(at: Int64(k * TSPacketBytes.size), upTo: 64)
            XCTAssertEqual(Array(UnsafeRawBufferPointer(start: run, count: n * TSPacketBytes.size)), expected(k, count: n))
            // A block holds 262 reads of 1000 bytes; the packet over its end is gathered, alone.
            let start = k * TSPacketBytes.size
            if start / 262_000 != (start + TSPacketBytes.size - 1) / 262_000 {
                straddling += 1
                XCTAssertEqual(n, 1)
            }
        }
        XCTAssertEqual(straddling, 1)
        window.release(before: 300_000)
        XCTAssertThrowsError(try packet(10))
        XCTAssertEqual(try packet(1700), expected(1700))
        read(from: 500_000, pieces: bytes.count)            // into a reused block
        XCTAssertEqual(window.size, Int64(bytes.count))
        for k in 1700..<packets { XCTAssertEqual(try packet(k), expected(k), "packet \(k)") }
    }

    /// A live file is read from its start, so its stream offsets are its file offsets: each read
    /// lands at its offset's place within a 64-byte line, where the page cache holds those bytes
    /// (the kernel's copy is several times slower for some other placements), in fresh blocks
    /// and reused ones, whatever the sizes of the reads before.
    func testEveryReadLandsAtItsStreamOffsetsPlaceInA64ByteLine() {
        let window = TSInputWindow(name: "live.ts")
        let source = [UInt8](repeating: 0x47, count: 65_536)
        var places: [Int] = []
        for (k, n) in [1000, 65_536, 37, 65_536, 65_536, 188, 65_536, 4096, 65_536, 65_536, 65_536].enumerated() {
            let offset = window.size
            let got = window.appendReading(upTo: n) { room in
                source.withUnsafeBytes { room.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                return n
            }
            XCTAssertEqual(got.count, n)
            places.append(Int(UInt(bitPattern: got.baseAddress) % 64) - Int(offset % 64))
            if k == 6 { window.release(before: window.size - 1) }    // the blocks before come back as spares
        }
        XCTAssertEqual(places, Array(repeating: 0, count: 11))
    }
}
