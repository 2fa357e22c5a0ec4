import Foundation
import XCTest
@testable import Packager

/// Issue 15 item 7: two `pkgctl live` instances under the media clock, fed the same encoder
/// output — one joining 20 s of media later — publish the same segment names, MEDIA-SEQUENCE,
/// DISCONTINUITY-SEQUENCE and DATERANGE lines for the media both saw.
final class RedundantPairTests: XCTestCase {
    private var directory: URL?

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The UTC time of PTS 0 the encoder stamps: a whole hour, so that the sample's PTS (about
    /// 1 h) lands within the hour before now (PTS period 0) and 6 s cells fall on whole seconds.
    private static func origin() -> Int64 {
        (Int64(Date().timeIntervalSince1970) / 3600 - 1) * 3600
    }

    /// `shift`: seconds the encoder's origin lies after the whole hour (it moves the keyframes
    /// and cues against the 6 s grid).
    private func runPair(joinAfter seconds: Double, shift: Int64 = 0) throws -> (a: InProcessLive, b: InProcessLive, originSeconds: Int64) {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let late = dir.appendingPathComponent("late.ts")
        try LateJoin.write(TestMedia.liveTS, from: seconds, to: late)
        let origin = Self.origin()
        let configure: (inout LiveOptions) -> Void = { o in
            o.clock = .media(origin: Date(timeIntervalSince1970: TimeInterval(origin + shift)))
            // Unpaced, retention runs on the media clock: keep every file so both outputs can be compared.
            o.keepExtra = 3600
        }
        let a = try InProcessLive.run(configure, input: TestMedia.liveTS, output: dir.appendingPathComponent("a"))
        let b = try InProcessLive.run(configure, input: late, output: dir.appendingPathComponent("b"))
        return (a, b, origin)
    }

    /// Stream, PTS, DTS, size and flags of every packet of a segment, as ffprobe reads them.
    private static func packets(_ segment: URL) throws -> [Substring] {
        let run = try ToolRun.run(MediaCheck.ffprobe, ["-v", "error", "-show_entries", "packet=stream_index,pts,dts,size,flags",
                                                       "-of", "csv", segment.path])
        return run.output.split(separator: "\n")
    }

    func testInstanceJoining20sLaterPublishesTheSameSegmentsSequencesAndDateRanges() throws {
        let (a, b, origin) = try runPair(joinAfter: 20)
        let va = a.sink.versions().map { LivePlaylistText($0.text) }
        let vb = b.sink.versions().map { LivePlaylistText($0.text) }
        // The sample's first frame is PTS 3601.4 s, a keyframe every 2 s. A opens at the first
        // keyframe after the first 6 s boundary half a step on (3607.4 s, cell 601 of the hour);
        // B's first frame is about 3621.4 s, so it opens at 3631.4 s (cell 605).
        let firstA = try XCTUnwrap(va.first?.segments.first), firstB = try XCTUnwrap(vb.first?.segments.first)
        XCTAssertEqual(firstA.uri, "seg_\(origin / 6 + 601).ts")
        XCTAssertEqual(firstA.pdtMillis, (origin + 3607) * 1000 + 400)
        XCTAssertEqual(firstB.uri, "seg_\(origin / 6 + 605).ts")
        XCTAssertEqual(firstB.pdtMillis, (origin + 3631) * 1000 + 400)

        try LiveChecks.assertVersionsValid(a.sink.versions(), maps: try LiveChecks.assetMap(a.output))
        try LiveChecks.assertVersionsValid(b.sink.versions(), maps: try LiveChecks.assetMap(b.output))
        let (shared, edges) = PairComparison(a: va, b: vb).assertAgree()
        XCTAssertEqual(shared.count, 25, "B lists from cell 605 to the end of the media (cell 629)")
        XCTAssertEqual(edges, 16, "versions at the same edge once B's window is full")
        // The same media in the same segments, not only the same names: B's first segments (it
        // joined mid-GOP and before them) and its last. The TS bytes differ (each instance's
        // continuity counters run on from its own start).
        for uri in shared.prefix(3) + shared.suffix(1) {
            let pa = try Self.packets(a.output.appendingPathComponent("primary/\(uri)"))
            XCTAssertFalse(pa.isEmpty)
            XCTAssertEqual(pa, try Self.packets(b.output.appendingPathComponent("primary/\(uri)")), "\(uri): media packets differ")
        }
        let ids = Set(PairComparison.dateRangeLines(vb).keys)
        XCTAssertEqual(ids, ["ad-1001-\(origin + 3631)400", "ad-1001-\(origin + 3631)400-scte35",
                             "ad-3001-\(origin + 3691)400", "ad-3001-\(origin + 3691)400-scte35",
                             "ad-1002-\(origin + 3741)400-scte35"])
        XCTAssertEqual(Set(PairComparison.dateRangeLines(va).keys), ids, "every span starts after both instances' first segment")
    }

    /// The case a real-time pair hit: the late instance's first grid keyframe (UTC :30.4) lies in
    /// a cell whose first half holds a span edge (the ad at :32.4). The running instance does
    /// not cut that keyframe — the edge takes the cell's boundary — so the late one must not
    /// open its first segment there either, but at the edge.
    func testInstanceJoiningJustBeforeASpanEdgeOpensItsFirstSegmentAtTheEdgeLikeTheRunningOne() throws {
        let (a, b, origin) = try runPair(joinAfter: 20, shift: 1)
        let va = a.sink.versions().map { LivePlaylistText($0.text) }
        let vb = b.sink.versions().map { LivePlaylistText($0.text) }
        let firstB = try XCTUnwrap(vb.first?.segments.first)
        XCTAssertEqual(firstB.uri, "seg_\(origin / 6 + 605).ts")
        XCTAssertEqual(firstB.pdtMillis, (origin + 3632) * 1000 + 400, "the ad's start")
        let before = try XCTUnwrap(PairComparison.segments(va)["seg_\(origin / 6 + 604).ts"])
        XCTAssertEqual(before.pdtMillis, (origin + 3624) * 1000 + 400)
        XCTAssertEqual(before.duration, 8, "A's segment 604 runs on to the edge")
        let (shared, edges) = PairComparison(a: va, b: vb).assertAgree()
        XCTAssertGreaterThanOrEqual(shared.count, 20)
        XCTAssertGreaterThanOrEqual(edges, 10)
        for uri in shared.prefix(2) {
            XCTAssertEqual(try Self.packets(a.output.appendingPathComponent("primary/\(uri)")),
                           try Self.packets(b.output.appendingPathComponent("primary/\(uri)")), "\(uri): media packets differ")
        }
    }

    /// B joins 85 s in with the grid moved 1 s: it reads ad 3001's cue (sent 4 s ahead, at
    /// :87.5 of the hour's second minute) but its first segment opens after the ad began (:96.4
    /// against :92.4). B does not announce the ad — it did not see its start — but still cuts at
    /// its end (:112.4), as A did, so the segments after the break agree.
    func testInstanceJoiningMidBreakDoesNotAnnounceItButCutsAtItsEndLikeTheRunningOne() throws {
        let (a, b, origin) = try runPair(joinAfter: 85, shift: 1)
        let va = a.sink.versions().map { LivePlaylistText($0.text) }
        let vb = b.sink.versions().map { LivePlaylistText($0.text) }
        XCTAssertEqual(b.log.filter { $0.raw.contains("began before this instance's first segment") }.count, 1)
        let firstB = try XCTUnwrap(vb.first?.segments.first)
        XCTAssertEqual(firstB.uri, "seg_\(origin / 6 + 616).ts")
        XCTAssertEqual(firstB.pdtMillis, (origin + 3696) * 1000 + 400)
        let atEnd = try XCTUnwrap(PairComparison.segments(vb).values.first { $0.pdtMillis == (origin + 3712) * 1000 + 400 },
                                  "B cut at the ad's end")
        XCTAssertEqual(atEnd.uri, "seg_\(origin / 6 + 619).ts")
        XCTAssertFalse(PairComparison.dateRangeLines(vb).keys.contains { $0.hasPrefix("ad-3001") })
        let (shared, edges) = PairComparison(a: va, b: vb).assertAgree(unseenByB: ["ad-3001-"])
        XCTAssertGreaterThanOrEqual(shared.count, 14)
        XCTAssertGreaterThanOrEqual(edges, 5)
    }
}
