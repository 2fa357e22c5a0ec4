import Foundation
import XCTest
@testable import Packager

/// One MPEG-TS file made of stitched parts back to back (the segments of a StitchedMedia
/// presentation concatenated byte for byte, as an SSAI recording): its timestamps reset at each
/// inserted span, and nothing else signals them.
final class StitchedFileTests: XCTestCase {
    private let parts: [StitchedMedia.Part] = [.content(4), .ad(2), .content(4), .ad(2, width: 160, height: 90), .content(2)]

    private func stitchedFile(in root: URL) throws -> URL {
        let made = try StitchedMedia.make(parts)
        let file = root.appendingPathComponent("stitched.ts")
        var bytes = Data()
        for segment in try StitchedLines.segments(of: made.playlist, prefix: "") {
            bytes += try Data(contentsOf: made.playlist.deletingLastPathComponent().appendingPathComponent(segment.uri))
        }
        try bytes.write(to: file)
        return file
    }

    func testTimestampResetsInOneTSFileMarkTheInsertedSpans() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try stitchedFile(in: root)
        XCTAssertEqual(TimestampResetScan.runs(of: file.path)?.count, 5)
        let c = try StitchedConversion.run(file)
        let spans = try c.stitchedSpans()
        XCTAssertEqual(spans.map { $0["kind"] as? String }, ["content", "ad", "content", "ad", "content"])
        XCTAssertEqual(spans.map { $0["content_position"] as? Double }, [0, 4, 4, 8, 8])
        let primary = try c.playlist()
        XCTAssertEqual(primary.totalDuration, 10, accuracy: 2.0 / 25)
        XCTAssertFalse(primary.lines.contains("#EXT-X-DISCONTINUITY"))
        let base = try XCTUnwrap(primary.firstProgramDateTime).timeIntervalSince1970
        let starts = primary.interstitials.compactMap { $0["START-DATE"].flatMap(ISODate.parse) }.map { $0.timeIntervalSince1970 - base }
        XCTAssertEqual(starts.count, 2)
        for (start, expected) in zip(starts, [4.0, 8.0]) { XCTAssertEqual(start, expected, accuracy: 1.0 / 25) }
        XCTAssertEqual(try c.validationErrors(), [])
        // The byte-level pass that found the first reset was dropped: only the stitched pass's files are left.
        try assertOnlyListedSegmentsWritten(c, primary, suffix: ".ts")
        c.cleanUp()
    }

    func testTheByteLevelReaderStopsAtTheFirstReset() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try stitchedFile(in: root)
        let runs = try XCTUnwrap(TimestampResetScan.runs(of: file.path))
        let source = try TSEventSource(path: file.path, probed: try InputReader(url: file.path, mode: .media).streams)
        let packets = try packetsUntilReset(of: source, between: runs)
        XCTAssertLessThan(packets, 4 * 25 * 2, "it stops within the first run (4 s at 25 fps, with audio)")
    }

    /// fMP4 output goes through libavformat, which learns of the reset from the scanner on its tee:
    /// the same spans as the byte-level path, and nothing of the abandoned first pass is left.
    func testFragmentedMP4OutputOfAStitchedFileDropsThePlainPassAndFindsTheSameSpans() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try stitchedFile(in: root)
        let c = try StitchedConversion.run(file) { $0.segmentFormat = .fmp4 }
        XCTAssertEqual(try c.stitchedSpans().map { $0["kind"] as? String }, ["content", "ad", "content", "ad", "content"])
        let primary = try c.playlist()
        XCTAssertEqual(primary.totalDuration, 10, accuracy: 2.0 / 25)
        XCTAssertEqual(primary.interstitials.count, 2)
        XCTAssertEqual(try c.validationErrors(), [])
        try assertOnlyListedSegmentsWritten(c, primary, suffix: ".m4s")
        c.cleanUp()
    }

    func testTheLibavformatReaderStopsAtTheFirstResetWhenAsked() throws {
        let root = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try stitchedFile(in: root)
        let runs = try XCTUnwrap(TimestampResetScan.runs(of: file.path))
        let reader = try InputReader(url: file.path, mode: .media)
        reader.stopsAtTimestampReset = true
        let packets = try packetsUntilReset(of: reader, between: runs)
        XCTAssertGreaterThan(packets, 0)
        XCTAssertLessThanOrEqual(packets, try packetsBeforeFirstJump(file), "it stops within the first run")
    }

    /// Reads `source` until it throws `TimestampReset`, checking the reset lies between the first
    /// two runs; the packets delivered before it.
    private func packetsUntilReset(of source: EventSource, between runs: [TimestampResetScan.Run],
                                   file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var packets = 0
        do {
            while let events = try source.next() { packets += events.filter { if case .packet = $0 { true } else { false } }.count }
            XCTFail("read to the end without noticing the reset", file: file, line: line)
        } catch let reset as TimestampReset {
            XCTAssertTrue((runs[0].firstTicks...runs[0].lastTicks).contains(reset.fromTicks), file: file, line: line)
            XCTAssertTrue((runs[1].firstTicks...runs[1].lastTicks).contains(reset.toTicks), file: file, line: line)
        }
        return packets
    }

    /// Every segment file of the primary's directory is one its playlist lists.
    private func assertOnlyListedSegmentsWritten(_ c: StitchedConversion, _ primary: MediaPlaylistText, suffix: String,
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let written = try FileManager.default.contentsOfDirectory(atPath: c.primary.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(suffix) }.sorted()
        XCTAssertEqual(written, primary.segments.map(\.uri).sorted(), file: file, line: line)
    }

    /// Packets a plain read delivers before the first video packet of the second run.
    private func packetsBeforeFirstJump(_ file: URL) throws -> Int {
        let reader = try InputReader(url: file.path, mode: .media)
        var count = 0
        var lastVideo: Int64?
        while let events = try reader.next() {
            for case .packet(let packet) in events {
                if packet.role == .video(rendition: 0) {
                    if let last = lastVideo, TimestampResetScan.isReset(from: last, to: packet.pts) { return count }
                    lastVideo = packet.pts
                }
                count += 1
            }
        }
        return count
    }

    func testAFileWhoseTimestampsNeverResetIsReadAsBefore() throws {
        XCTAssertEqual(TimestampResetScan.runs(of: TestMedia.stitchedTS.path)?.count, 1)
        XCTAssertNil(try StitchedFileSource.open(TestMedia.stitchedTS.path, options: VodOptions()))
    }
}
