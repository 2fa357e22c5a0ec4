import XCTest
@testable import Packager

final class TSDamagedInputTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// The clip with junk (including stray 0x47 bytes) after the first third of its packets, and
    /// the packet at two thirds cut to 100 bytes.
    private func damaged() throws -> [UInt8] {
        let bytes = try TSOutputMedia.clip().bytes
        let a = bytes.count / 188 / 3, b = 2 * a
        var out = Array(bytes[0..<(a * 188)])
        out += [0x12, 0x47, 0x00, 0x47, 0x99] + [UInt8](repeating: 0xAB, count: 61)
        out += bytes[(a * 188)..<(b * 188 + 100)]
        out += bytes[((b + 1) * 188)...]
        return out
    }

    func testResyncsOnTheSyncByteAndKeepsIndexingAfterTheDamage() throws {
        let clean = TSIndexerTests.index(try TSOutputMedia.clip().bytes, chunk: 65536).units.filter { $0.kind == .video }
        let bytes = try damaged()
        for chunk in [65536, 1000, 187] {
            let (units, stats) = TSIndexerTests.index(bytes, chunk: chunk)
            // Two damaged places; a chunk edge can split one into two resyncs.
            XCTAssertTrue((2...3).contains(stats.syncLosses), "chunk \(chunk): \(stats.syncLosses)")
            let video = units.filter { $0.kind == .video }
            // At most the two frames whose packets were hit differ; the frames after are all there.
            XCTAssertLessThanOrEqual(Set(clean.map(\.pts)).subtracting(video.map(\.pts)).count, 2)
            XCTAssertEqual(video.suffix(100).map(\.pts), clean.suffix(100).map(\.pts))
        }
    }

    func testJunkOnlyAndTruncatedInputsNeverCrash() throws {
        var generator = SplitMix64(seed: 13)
        for length in [0, 1, 187, 188, 189, 5000] {
            let junk = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let (units, _) = TSIndexerTests.index(junk, chunk: 64)
            XCTAssertTrue(units.allSatisfy { $0.kind != .video })
        }
        let bytes = try TSOutputMedia.clip().bytes
        for cut in [1, 188 * 3 + 17, bytes.count / 2 + 5] {
            let (_, stats) = TSIndexerTests.index(Array(bytes[0..<cut]), chunk: 4096)
            XCTAssertEqual(stats.truncatedBytes, cut % 188)
        }
    }

    func testDamagedInputIsCutIntoSegmentsThatStartWithTablesAndDecode() throws {
        let url = dir.appendingPathComponent("damaged.ts")
        try Data(try damaged()).write(to: url)
        let run = try TSEngineRun.cut(url, into: dir, targetSeconds: 2)
        XCTAssertEqual(run.stats.syncLosses, 2)
        XCTAssertEqual(run.segments.count, 6)
        for segment in run.segments {
            let packets = TSTestPacket.all(try TestMedia.bytes(URL(fileURLWithPath: segment.written.path)))
            XCTAssertEqual(packets.prefix(2).map(\.pid), [0, 0x1000])
            XCTAssertEqual(packets.count * 188, Int(segment.written.length))  // whole packets only
        }
    }
}
