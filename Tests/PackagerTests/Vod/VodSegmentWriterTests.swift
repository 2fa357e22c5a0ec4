import Foundation
import XCTest
@testable import Packager

/// The VOD segment writer puts each segment on disk as it is cut; what it remembers for the
/// playlists must not include the media, or a run's memory grows with the programme's length
/// (a 117 MiB 5-minute input peaks at ~180 MiB RSS; a 2-hour one would need gigabytes).
final class VodSegmentWriterTests: XCTestCase {
    func testWrittenSegmentsDoNotKeepTheirPayloadInMemory() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = VodSegmentWriter(root: root, format: .fmp4)
        writer.ids = [7: "ad-1-1"]
        let payload = [UInt8](repeating: 0xAB, count: 1 << 20)
        for (i, target) in [OutputTarget.primary, .asset(7)].enumerated() {
            try writer.write(FinishedSegment(target: target, index: 0, startTicks: Int64(i) * 540_000, durationTicks: 540_000,
                                             bytes: Data(payload), initSegment: Data([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70]), isLast: false))
        }
        // On disk, byte for byte …
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("primary/seg_00000.m4s")).count, 1 << 20)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("assets/ad-1-1/seg_00000.m4s")).count, 1 << 20)
        XCTAssertEqual(writer.primary.map(\.bytes), [1 << 20], "the size is remembered for the playlist")
        // … and remembered only as what the playlists need (Written has no payload field).
        XCTAssertEqual(writer.primary.map(\.uri), ["seg_00000.m4s"])
        XCTAssertEqual(writer.assets[7]?.map(\.durationTicks), [540_000])
        XCTAssertEqual(writer.assets[7]?.map(\.startTicks), [540_000])
    }
}
