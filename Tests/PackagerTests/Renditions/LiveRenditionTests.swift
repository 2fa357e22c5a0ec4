import XCTest
@testable import Packager

/// Two video renditions of one input in live: one window each, cut at the same points, the same
/// date ranges in every version (run in-process; every version recorded).
final class LiveRenditionTests: XCTestCase {
    private func lines(_ text: String, prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    func testTwoRenditionsAreCutAtTheSamePointsAndCarryTheSameDateRangesInEveryVersion() throws {
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let media = try TwoRenditionMedia.make(in: tmp)
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil; $0.sidecar = media.cues },
                                        input: media.ts, output: tmp.appendingPathComponent("live"))
        XCTAssertEqual(run.outcome, .stopped, "the file input ends and the channel stops")
        // Both renditions are cut in the input's own packets (TSRenditionOutputTests pins what
        // each output then carries).
        XCTAssertEqual(run.log.filter { $0.event == "input" && $0.action == "open" }.compactMap { $0.string("engine") }, ["bytes"])
        // Each rendition's playlist is replaced as its own segments are listed, so their versions
        // interleave; across the run both publish the same segments and the same date-range lines.
        let a = run.sink.versions("primary/index.m3u8"), b = run.sink.versions("primary_1/index.m3u8")
        XCTAssertGreaterThanOrEqual(min(a.count, b.count), 10)
        for prefix in ["#EXT-X-DATERANGE", "#EXTINF", "#EXT-X-PROGRAM-DATE-TIME"] {
            XCTAssertEqual(Set(a.flatMap { lines($0.text, prefix: prefix) }), Set(b.flatMap { lines($0.text, prefix: prefix) }), prefix)
        }
        let finalA = try run.text("primary/index.m3u8"), finalB = try run.text("primary_1/index.m3u8")
        XCTAssertEqual(finalA, finalB, "the same segment names, timings and date ranges")
        let master = try run.text("master.m3u8")
        XCTAssertEqual(lines(master, prefix: "#EXT-X-STREAM-INF").count, 2, master)
        XCTAssertTrue(master.contains("RESOLUTION=640x360") && master.contains("RESOLUTION=1280x720"), master)
        XCTAssertEqual(run.log.filter { $0.event == "span" }.compactMap { $0.action }, ["announce", "complete"])
        for playlist in ["primary/index.m3u8", "primary_1/index.m3u8"] {
            let findings = try PlaylistValidator.validate(path: run.output.appendingPathComponent(playlist).path,
                                                          maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + run.output.path)])
            XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.message), [], playlist)
        }
    }
}
