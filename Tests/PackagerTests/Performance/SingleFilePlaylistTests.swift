import Foundation
import XCTest
@testable import Packager

/// The byte-range lines of a single-file playlist, and the configuration key that asks for it.
final class SingleFilePlaylistTests: XCTestCase {
    func testByteRangesAreWrittenWithExplicitOffsetsAndTheMapRange() {
        let map = SegmentByteRange(offset: 0, length: 1350)
        let segments = [
            SegmentRecord(uri: "media.mp4", durationTicks: 540_000, startTicks: 0, bytes: 50_873, discontinuity: false,
                          programDateTimeMillis: 946_684_800_000, mapURI: "media.mp4",
                          byteRange: SegmentByteRange(offset: 1350, length: 50_873), mapByteRange: map),
            SegmentRecord(uri: "media.mp4", durationTicks: 360_000, startTicks: 540_000, bytes: 40_000, discontinuity: false,
                          programDateTimeMillis: 946_684_806_000, mapURI: "media.mp4",
                          byteRange: SegmentByteRange(offset: 52_223, length: 40_000), mapByteRange: map),
        ]
        let text = MediaPlaylist(kind: .vod, targetDuration: 6, segments: segments, independentSegments: false, endList: true).render()
        XCTAssertEqual(text, """
            #EXTM3U
            #EXT-X-VERSION:6
            #EXT-X-TARGETDURATION:6
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-MAP:URI="media.mp4",BYTERANGE="1350@0"
            #EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:00.000Z
            #EXTINF:6.000,
            #EXT-X-BYTERANGE:50873@1350
            media.mp4
            #EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:06.000Z
            #EXTINF:4.000,
            #EXT-X-BYTERANGE:40000@52223
            media.mp4
            #EXT-X-ENDLIST

            """)
    }

    func testTSByteRangesNeedVersionFour() {
        let segment = SegmentRecord(uri: "media.ts", durationTicks: 540_000, startTicks: 0, bytes: 188, discontinuity: false,
                                    programDateTimeMillis: 0, byteRange: SegmentByteRange(offset: 0, length: 188))
        XCTAssertEqual(MediaPlaylist(kind: .vod, targetDuration: 6, segments: [segment], independentSegments: false, endList: true).version, 4)
        var whole = segment
        whole.byteRange = nil
        XCTAssertEqual(MediaPlaylist(kind: .vod, targetDuration: 6, segments: [whole], independentSegments: false, endList: true).version, 3)
    }

    /// A saved live window (records without ranges) encodes as before: no new keys.
    func testRecordsWithoutRangesEncodeWithoutRangeKeys() throws {
        let segment = SegmentRecord(uri: "seg_00001.ts", durationTicks: 540_000, startTicks: 0, bytes: 188, discontinuity: false,
                                    programDateTimeMillis: 0)
        let json = String(decoding: try JSONEncoder().encode(segment), as: UTF8.self)
        XCTAssertFalse(json.contains("byteRange"), json)
        XCTAssertEqual(try JSONDecoder().decode(SegmentRecord.self, from: Data(json.utf8)), segment)
    }

    func testSingleFileKeyReachesVodAndIsRefusedByLive() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("c.json")
        try #"{"segments": {"single_file": true}}"#.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertTrue(try PipelineConfiguration.load(path: url.path).vodOptions().singleFile)
        XCTAssertFalse(try PipelineConfiguration().vodOptions().singleFile)
        try #"{"segments": {"single_file": true}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#
            .write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PipelineConfiguration.load(path: url.path).liveOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "segments.single_file")
            XCTAssertTrue(String(describing: error).contains("applies to pkgctl vod only"), "\(error)")
        }
    }
}
