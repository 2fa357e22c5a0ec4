import Foundation
import XCTest
@testable import Packager

/// A media-clock instance that stops and comes back (a packager restart while the encoder ran
/// on) continues on the media's grid: the cells it missed are gaps, its names and sequences stay
/// those of a partner that kept running.
final class MediaClockRestartTests: XCTestCase {
    private var directory: URL?

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testARestartedInstanceListsTheCellsItMissedAsGapsAndContinuesTheRunningPartnersNames() throws {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let head = dir.appendingPathComponent("head.ts"), tail = dir.appendingPathComponent("tail.ts")
        try LateJoin.write(TestMedia.liveTS, from: 0, until: 60, to: head)
        try LateJoin.write(TestMedia.liveTS, from: 115, to: tail)
        let origin = (Int64(Date().timeIntervalSince1970) / 3600 - 1) * 3600
        let configure: (inout LiveOptions) -> Void = {
            $0.clock = .media(origin: Date(timeIntervalSince1970: TimeInterval(origin)))
        }
        let partner = try InProcessLive.run(configure, input: TestMedia.liveTS, output: dir.appendingPathComponent("partner"))
        let out = dir.appendingPathComponent("restarted")
        _ = try InProcessLive.run(configure, input: head, output: out)
        let second = try InProcessLive.run(configure, input: tail, output: out)
        let versions = second.sink.versions().map { LivePlaylistText($0.text) }
        // The first run ended at 3661.4 s (cell 610 of the hour, [3660, 3666)); the second reads
        // from 3716.4 s and opens at 3721.4 s (cell 620). Cells 610…619 are gaps covering exactly
        // the missing time: from where the first run ended, cut at the grid lines, to where the
        // second begins.
        let listed = PairComparison.segments(versions).values.sorted { $0.uri < $1.uri }
        // Handed over as gaps (the segment log lines: gap 610 leaves the 10-segment window in the
        // same publish that lists 620, so no version shows it).
        let gaps = second.log.filter { $0.event == "segment" && $0.fields["gap"] as? Bool == true }.map { line in
            LivePlaylistText.Segment(uri: String((line.string("name") ?? "").dropFirst("primary/".count)),
                                     duration: line.fields["duration"] as? Double ?? -1,
                                     pdtMillis: line.string("pdt").flatMap(LivePlaylistText.millis(iso8601:)),
                                     discontinuity: false, gap: true, mediaSequence: 0)
        }
        let middle: [Int64] = (0..<8).map { 3666_000 + 6_000 * Int64($0) }
        let expectedGapStarts: [Int64?] = ([3661_400] + middle + [3714_000]).map { origin * 1000 + $0 }
        XCTAssertEqual(gaps.map(\.uri), (Int64(610)...619).map { "seg_\(origin / 6 + $0).ts" })
        XCTAssertEqual(gaps.map(\.pdtMillis), expectedGapStarts)
        XCTAssertEqual(gaps.map(\.duration), [4.6, 6, 6, 6, 6, 6, 6, 6, 6, 7.4])
        let resumed = try XCTUnwrap(listed.first { !$0.gap && $0.uri > "seg_\(origin / 6 + 619).ts" })
        XCTAssertEqual(resumed.uri, "seg_\(origin / 6 + 620).ts")
        XCTAssertEqual(resumed.pdtMillis, origin * 1000 + 3721_400)
        for v in versions {
            XCTAssertEqual("seg_\(v.mediaSequence).ts", v.segments.first?.uri)
            XCTAssertEqual(v.discontinuitySequence, 0)
            XCTAssertFalse(v.segments.contains(where: \.discontinuity), "the timeline continues: no discontinuity")
        }
        try LiveChecks.assertVersionsValid(second.sink.versions(), maps: try LiveChecks.assetMap(out))
        // What it lists with media is what the partner that kept running lists.
        let theirs = PairComparison.segments(partner.sink.versions().map { LivePlaylistText($0.text) })
        let ours = PairComparison.segments(versions).values.filter { !$0.gap }
        XCTAssertEqual(ours.map(\.uri).sorted(), (Int64(620)...629).map { "seg_\(origin / 6 + $0).ts" })
        for s in ours { XCTAssertEqual(theirs[s.uri], s, s.uri) }
        XCTAssertEqual(versions.last?.text, partner.sink.versions().last?.text, "the last versions are the same text")
    }

    func testStateWrittenUnderTheWallClockIsNotResumedUnderTheMediaClock() throws {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let head = dir.appendingPathComponent("head.ts")
        try LateJoin.write(TestMedia.liveTS, from: 0, until: 20, to: head)
        let out = dir.appendingPathComponent("out")
        _ = try InProcessLive.run({ _ in }, input: head, output: out)
        XCTAssertThrowsError(try InProcessLive.run({ $0.clock = .media(origin: nil) }, input: head, output: out)) { error in
            XCTAssertEqual(String(describing: error), "the restart state in \(out.path) was published with --clock wall: its "
                           + "segment names and sequences cannot continue under the other clock; keep --clock wall, or start a "
                           + "new playlist with --reset-state")
        }
    }
}
