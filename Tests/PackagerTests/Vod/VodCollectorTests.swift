import CueDetect
import Foundation
import XCTest
@testable import Packager

/// The end of the VOD chain puts each segment into the sink as it is cut; what it remembers for
/// the playlists must not include the media, or a run's memory grows with the programme's
/// length (a 117 MiB 5-minute input peaks at ~180 MiB RSS; a 2-hour one would need gigabytes).
final class VodCollectorTests: XCTestCase {
    func testWrittenSegmentsDoNotKeepTheirPayloadInMemory() throws {
        let parent = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("out")
        let sink = try StagedDirectorySink(destination: out)
        let collector = VodCollector(sink: sink, format: .fmp4)
        let chain = StageChain([collector])
        let span = Span(serial: 7, kind: .ad, eventID: 1, signalName: "splice_insert", startTicks: 540_000)
        try chain.send(.span(.route(SpanRoute(key: 7, id: "ad-1-1", span: span, placement: .strip))))
        let payload = [UInt8](repeating: 0xAB, count: 1 << 20)
        for (i, target) in [OutputTarget.primary, .asset(AssetKey(span: 7, piece: 0))].enumerated() {
            try chain.send(.segment(FinishedSegment(target: target, index: 0, startTicks: Int64(i) * 540_000,
                                                    durationTicks: 540_000, bytes: Data(payload),
                                                    initSegment: Data([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]), isLast: false)))
        }
        try sink.commit()
        // On disk, byte for byte …
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("primary/seg_00000.m4s")).count, 1 << 20)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("assets/ad-1-1/seg_00000.m4s")).count, 1 << 20)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("assets/ad-1-1/init.mp4")).count, 8)
        XCTAssertEqual(collector.primaries[0]?.map(\.bytes), [1 << 20], "the size is remembered for the playlist")
        // … and remembered only as what the playlists need (Written has no payload field).
        XCTAssertEqual(collector.primaries[0]?.map(\.uri), ["seg_00000.m4s"])
        XCTAssertEqual(collector.pieces[AssetKey(span: 7, piece: 0)]?.map(\.durationTicks), [540_000])
        XCTAssertEqual(collector.pieces[AssetKey(span: 7, piece: 0)]?.map(\.startTicks), [540_000])
    }

    /// A pass that is redone (the byte-level reader found the timestamps reset) starts from an
    /// empty staging tree: nothing of the first pass reaches the destination, whose old tree stays
    /// until the second pass commits.
    func testDiscardedStagingLeavesNothingOfTheFirstPass() throws {
        let parent = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("index.m3u8"))
        let sink = try StagedDirectorySink(destination: out)
        try sink.put(Data("first".utf8), name: "primary/seg_00007.ts", kind: .segment)
        let direct = try XCTUnwrap(try sink.directPath(for: "assets/ad-1/seg_00000.ts"))
        try Data("first".utf8).write(to: URL(fileURLWithPath: direct))
        XCTAssertTrue(try sink.discardUncommitted())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sink.staging.path), [])
        XCTAssertEqual(sink.stats.puts, 0)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("index.m3u8"), encoding: .utf8), "old")
        try sink.put(Data("second".utf8), name: "primary/seg_00000.ts", kind: .segment)
        try sink.commit()
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted(), ["primary", "primary/seg_00000.ts"])
        XCTAssertFalse(try sink.discardUncommitted(), "a committed tree is the destination's now")
    }
}
