import Foundation
import XCTest
@testable import Packager

/// Live fMP4 segments written as fragments of about a second (`LiveOptions.fragmentDuration`),
/// each into the segment's spool as it closes, first segment included: the same samples with the
/// same timing as one fragment per segment, so a player sees the same media.
final class LiveFragmentTests: TemporaryDirectoriesTestCase {

    func testOneSecondFragmentsCarryTheSamplesOfOneFragmentSegments() throws {
        let whole = try run(fragmentDuration: nil), fragmented = try run(fragmentDuration: 1)
        let names = try segments(in: whole)
        XCTAssertEqual(try segments(in: fragmented), names)
        // 180 s of media in 6 s segments (the breaks' edges cut some shorter).
        XCTAssertGreaterThan(names.count, 25)
        for name in names {
            XCTAssertEqual(try fragments(whole.appendingPathComponent(name)), 1, name)
        }
        // One fragment per started second of each segment, the first (2 s here) too: its first
        // fragment is libavformat's, split off for the init segment, the rest are pkgctl's. And
        // one more in every segment: half a second before a segment's expected end (its target,
        // or a break's edge) its open fragment is closed and synced, so the fragment its end
        // writes is short (`SegmentEndNear`): 16–18 of the 30 fps pictures here, against 30 in a
        // whole fragment (the frame that closes it early comes in decode order, and a cut at a
        // break waits for the first keyframe at its edge). The last segment ends with the input,
        // whose end is forecast from the bytes left (`InputEndForecast`): its last fragment is
        // 25 pictures with FFmpeg 5.1, the forecast 0.3 s early (libavformat reads ahead of the
        // packets it hands out), still less than a whole fragment.
        let durations = try segmentDurations(fragmented)
        XCTAssertEqual(durations.map(\.name), names)
        XCTAssertEqual(durations.first?.seconds, 2)
        for (k, (name, seconds)) in durations.enumerated() {
            let url = fragmented.appendingPathComponent(name)
            XCTAssertEqual(try fragments(url), Int(seconds.rounded(.up)) + 1, name)
            let lastVideo = try XCTUnwrap(FragmentedMP4Probe.lastFragmentSampleCounts(try Data(contentsOf: url))?.first, name)
            if k < durations.count - 1 { XCTAssertLessThanOrEqual(lastVideo, 20, name) } else { XCTAssert((21..<30).contains(lastVideo), "\(name): \(lastVideo)") }
        }
        XCTAssertEqual(try packets(whole, names), try packets(fragmented, names))
        XCTAssertEqual(try Data(contentsOf: whole.appendingPathComponent("primary/init_00000.mp4")),
                       try Data(contentsOf: fragmented.appendingPathComponent("primary/init_00000.mp4")))
    }

    /// Segments shorter than one fragment (all of them, with 30 s fragments) are one fragment
    /// each, the first one written by libavformat whole as before.
    func testFragmentLongerThanTheSegmentLeavesOneFragment() throws {
        let dir = try run(fragmentDuration: 30)
        for name in try segments(in: dir) {
            XCTAssertEqual(try fragments(dir.appendingPathComponent(name)), 1, name)
        }
    }

    private func run(fragmentDuration: Double?) throws -> URL {
        let dir = try temporaryDirectory()
        let run = try InProcessLive.runKeepingEverything({
            $0.segmentFormat = .fmp4
            $0.fragmentDuration = fragmentDuration
        }, input: TestMedia.liveTS, output: dir)
        XCTAssertEqual(run.outcome, .stopped)
        // Every segment after the first of each output went through a spool, the first too
        // when it is fragmented.
        XCTAssertGreaterThan(run.sink.spooledPuts, 25)
        return dir
    }

    /// The primary's segments, in order.
    private func segments(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("primary").path)
            .filter { $0.hasSuffix(".m4s") }.sorted().map { "primary/" + $0 }
    }

    /// Each primary segment's EXTINF, in playlist order.
    private func segmentDurations(_ dir: URL) throws -> [(name: String, seconds: Double)] {
        let lines = try String(contentsOf: dir.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        return try lines.indices.filter { lines[$0].hasPrefix("#EXTINF:") }.map { i in
            let value = lines[i].dropFirst("#EXTINF:".count).prefix { $0 != "," }
            return ("primary/" + lines[i + 1], try XCTUnwrap(Double(value)))
        }
    }

    /// moof boxes at the top level of a segment.
    private func fragments(_ url: URL) throws -> Int {
        try XCTUnwrap(FragmentedMP4Probe.fragments(try Data(contentsOf: url)), url.lastPathComponent)
    }

    /// Every packet of the init segment and the segments played in order (`FragmentedMP4Probe`).
    private func packets(_ dir: URL, _ names: [String]) throws -> [String] {
        let packets = try FragmentedMP4Probe.packets(initSegment: try Data(contentsOf: dir.appendingPathComponent("primary/init_00000.mp4")),
                                                     segments: try names.map { try Data(contentsOf: dir.appendingPathComponent($0)) },
                                                     scratch: dir.appendingPathComponent("joined.mp4"))
        XCTAssertGreaterThan(packets.count, 5000)
        return packets
    }
}
