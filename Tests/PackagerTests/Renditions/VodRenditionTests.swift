import XCTest
@testable import Packager

final class VodRenditionTests: XCTestCase {
    private func segments(_ playlist: String) -> [(pdt: String, extinf: String)] {
        let lines = playlist.split(separator: "\n").map(String.init)
        var out: [(String, String)] = []
        var pdt = ""
        for line in lines {
            if line.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") { pdt = String(line.dropFirst(25)) }
            if line.hasPrefix("#EXTINF:") { out.append((pdt, line)) }
        }
        return out
    }

    func testEveryRenditionIsCutAtTheSamePointsAndCarriesTheSameInterstitial() throws {
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let media = try TwoRenditionMedia.make(in: tmp)
        let out = tmp.appendingPathComponent("out")
        var options = VodOptions()
        options.sidecar = media.cues
        let report = try VodPipeline.run(input: media.ts.path, output: out, options: options)
        XCTAssertEqual(report.spans.map(\.id), ["ad-77-1"])
        let master = try String(contentsOf: out.appendingPathComponent("master.m3u8"), encoding: .utf8)
        XCTAssertEqual(master.components(separatedBy: "#EXT-X-STREAM-INF").count - 1, 2)
        XCTAssertTrue(master.contains("RESOLUTION=1280x720"), master)
        XCTAssertTrue(master.contains("RESOLUTION=640x360"), master)
        XCTAssertTrue(master.contains("primary/index.m3u8") && master.contains("primary_1/index.m3u8"), master)
        let a = try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let b = try String(contentsOf: out.appendingPathComponent("primary_1/index.m3u8"), encoding: .utf8)
        // Same cut points (PDT of every segment and its duration) in both renditions …
        XCTAssertEqual(segments(a).map(\.pdt), segments(b).map(\.pdt))
        XCTAssertEqual(segments(a).map(\.extinf), segments(b).map(\.extinf))
        // … the 20 s break stripped from both (70 s − 20 s) …
        let total = segments(a).compactMap { Double($0.extinf.dropFirst(8).dropLast()) }.reduce(0, +)
        // Within two frames: EXTINF is written truncated to the millisecond, segment by segment.
        XCTAssertEqual(total, 50, accuracy: 2.0 / 30)
        // … and the identical date-range set HLS requires across media playlists.
        let ranges = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-DATERANGE") } }
        XCTAssertEqual(ranges(a), ranges(b))
        XCTAssertEqual(ranges(a).count, 1)
        let findings = try PlaylistValidator.validate(path: out.path, maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + out.path)])
        XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.message), [])
    }
}
