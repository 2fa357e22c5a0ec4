import Foundation
import XCTest
@testable import Packager

/// An encoder restart under the media clock (`--clock media`): the PTS jump starts a new epoch
/// whose origin is measured again and never dated before what was published; the timeline goes
/// on without a discontinuity, the hole listed as gap segments.
final class MediaClockEncoderRestartTests: XCTestCase {
    private var directory: URL?

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testATimestampResetContinuesTheGridWithGapsAndNoDiscontinuity() throws {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        // 60 s of the sample, then the encoder "restarts": the rest of it with PTS 5000 s on
        // (remuxed by the ffmpeg CLI, so its PMT loses the SCTE-35 PID too).
        let head = dir.appendingPathComponent("head.ts"), rest = dir.appendingPathComponent("rest.ts")
        let shifted = dir.appendingPathComponent("shifted.ts"), input = dir.appendingPathComponent("reset.ts")
        try LateJoin.write(TestMedia.liveTS, from: 0, until: 60, to: head)
        try LateJoin.write(TestMedia.liveTS, from: 70, to: rest)
        try FFmpegCLI.run(["-i", rest.path, "-map", "0:v", "-map", "0:a", "-c", "copy", "-output_ts_offset", "5000",
                           "-f", "mpegts", shifted.path])
        try (Data(contentsOf: head) + Data(contentsOf: shifted)).write(to: input)
        let run = try InProcessLive.run({ $0.clock = .media(origin: nil); $0.windowSegments = 40 }, input: input,
                                        output: dir.appendingPathComponent("out"))

        XCTAssertEqual(run.log.filter { $0.action == "timestamp_reset" }.count, 1)
        let clocks = run.log.filter { $0.action == "media_clock" }
        XCTAssertEqual(clocks.count, 2, "each epoch fixes its clock")
        // Read faster than real time, the first epoch's media runs ahead of the wall clock: the
        // second one's measured origin would date it before what was published, so it is raised.
        XCTAssertNil(clocks.first?.string("raised"))
        XCTAssertEqual(clocks.last?.string("raised"), "to follow what was published")
        try LiveChecks.assertVersionsValid(run.sink.versions(), maps: try LiveChecks.assetMap(run.output))
        let versions = run.sink.versions().map { LivePlaylistText($0.text) }
        for v in versions {
            XCTAssertEqual(v.discontinuitySequence, 0)
            XCTAssertFalse(v.segments.contains(where: \.discontinuity), "the UTC timeline continues: no discontinuity")
            XCTAssertEqual("seg_\(v.mediaSequence).ts", v.segments.first?.uri)
            for (x, y) in zip(v.segments, v.segments.dropFirst()) {
                XCTAssertEqual(Self.number(y.uri), Self.number(x.uri).map { $0 + 1 }, "names run on: \(x.uri), \(y.uri)")
                XCTAssertEqual(Double(y.pdtMillis ?? 0), Double(x.endMillis ?? 0), accuracy: 1, "PDT runs on at \(y.uri)")
            }
        }
        let last = try XCTUnwrap(versions.last)
        let gaps = last.segments.filter(\.gap)
        XCTAssertGreaterThanOrEqual(gaps.count, 1, "the hole between the epochs is listed as gaps")
        // The hole: the new epoch's pre-roll (at most 1.5 steps and a GOP) and the raise (at most
        // one 12 s quantum), about 23 s: at most five cells.
        XCTAssertLessThanOrEqual(gaps.count, 5, "\(gaps.map(\.uri))")
        XCTAssertGreaterThan(last.segments.filter { !$0.gap }.count, 20)
    }

    private static func number(_ uri: String) -> Int? { Int(uri.dropFirst("seg_".count).dropLast(".ts".count)) }
}
