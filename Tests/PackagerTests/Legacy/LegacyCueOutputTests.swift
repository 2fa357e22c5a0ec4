import XCTest
@testable import Packager
import DateRangeWriter

final class LegacyCueOutputTests: XCTestCase {
    func testElementalCueTagsFrameEachOverlaySpanInTheVODPrimary() throws {
        let out = try TestMedia.temporaryDirectory().appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        var options = VodOptions()
        options.defaultPlacement = .overlay
        options.legacyDialects = [.elemental]
        _ = try VodPipeline.run(input: TestMedia.stitchedTS.path, output: out, options: options)
        let playlist = try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let cueLines = playlist.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-CUE") }.map(String.init)
        XCTAssertEqual(cueLines, ["#EXT-X-CUE-OUT:15", "#EXT-X-CUE-OUT-CONT:6/15", "#EXT-X-CUE-OUT-CONT:12/15", "#EXT-X-CUE-IN",
                                  "#EXT-X-CUE-OUT:30", "#EXT-X-CUE-OUT-CONT:6/30", "#EXT-X-CUE-OUT-CONT:12/30",
                                  "#EXT-X-CUE-OUT-CONT:18/30", "#EXT-X-CUE-OUT-CONT:24/30", "#EXT-X-CUE-IN"])
        // CUE-OUT precedes the first segment of the break (PDT 50 s after the start), CUE-IN the first after it.
        let lines = playlist.split(separator: "\n").map(String.init)
        let out1 = try XCTUnwrap(lines.firstIndex(of: "#EXT-X-CUE-OUT:15"))
        XCTAssertEqual(lines[lines[out1...].firstIndex { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME") } ?? 0],
                       "#EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:00:50.000Z")
        let in1 = try XCTUnwrap(lines.firstIndex(of: "#EXT-X-CUE-IN"))
        XCTAssertEqual(lines[lines[in1...].firstIndex { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME") } ?? 0],
                       "#EXT-X-PROGRAM-DATE-TIME:2000-01-01T00:01:05.000Z")
        let findings = try PlaylistValidator.validate(path: out.path, maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + out.path)])
        XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.message), [])
    }
}
