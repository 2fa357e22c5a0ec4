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
}
