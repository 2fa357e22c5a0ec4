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

    private func runPair(joinAfter seconds: Double) throws -> (a: InProcessLive, b: InProcessLive, originSeconds: Int64) {
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        let late = dir.appendingPathComponent("late.ts")
        try LateJoin.write(TestMedia.liveTS, from: seconds, to: late)
        let origin = Self.origin()
        let configure: (inout LiveOptions) -> Void = { o in
            o.clock = .media(origin: Date(timeIntervalSince1970: TimeInterval(origin)))
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

        for v in va + vb {
            XCTAssertEqual("seg_\(v.mediaSequence).ts", v.segments.first?.uri, "MEDIA-SEQUENCE is the first segment's number")
            XCTAssertEqual(v.discontinuitySequence, 0)
        }
        let sa = PairComparison.segments(va), sb = PairComparison.segments(vb)
        let shared = Set(sa.keys).intersection(sb.keys)
        XCTAssertEqual(Set(sb.keys).subtracting(sa.keys), [], "B lists no segment A does not")
        XCTAssertGreaterThanOrEqual(shared.count, 20, "segments both copies listed")
        for (n, uri) in shared.sorted().enumerated() {
            XCTAssertEqual(sa[uri], sb[uri], "\(uri): EXTINF, PDT, DISCONTINUITY, GAP or sequence differ")
            guard n < 3 || n == shared.count - 1 else { continue }   // B's first segments, and its last
            // The TS bytes differ (continuity counters run on per instance); the media must not.
            let pa = try Self.packets(a.output.appendingPathComponent("primary/\(uri)"))
            XCTAssertFalse(pa.isEmpty)
            XCTAssertEqual(pa, try Self.packets(b.output.appendingPathComponent("primary/\(uri)")), "\(uri): media packets differ")
        }

        let da = PairComparison.dateRangeLines(va), db = PairComparison.dateRangeLines(vb)
        XCTAssertEqual(Set(db.keys), ["ad-1001-\(origin + 3631)400", "ad-1001-\(origin + 3631)400-scte35",
                                      "ad-3001-\(origin + 3691)400", "ad-3001-\(origin + 3691)400-scte35",
                                      "ad-1002-\(origin + 3741)400-scte35"])
        XCTAssertEqual(Set(da.keys), Set(db.keys), "every span starts after both instances' first segment")
        for (id, lines) in db { XCTAssertEqual(da[id], lines, "\(id): DATERANGE lines differ") }

        let edges = PairComparison(a: va, b: vb).sameEdge.filter { $0.a.segments.count == $0.b.segments.count }
        XCTAssertGreaterThanOrEqual(edges.count, 10, "versions at the same edge once B's window is full")
        for (x, y) in edges { XCTAssertEqual(x.text, y.text, "the two copies' playlists at one edge differ") }
    }
}
