import XCTest
@testable import Packager

final class LiveRenditionTests: XCTestCase {
    private var process: PkgctlLiveProcess?

    override func tearDown() {
        process?.signal(SIGKILL)
        _ = process?.waitForExit(timeout: 5)
    }

    private func lines(_ text: String, prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    func testTwoRenditionsAreCutAtTheSamePointsAndCarryTheSameDateRangesInEveryVersion() throws {
        let tmp = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let media = try TwoRenditionMedia.make(in: tmp)
        let out = tmp.appendingPathComponent("live")
        let p = try PkgctlLiveProcess(["live", "-i", media.ts.path, "-o", out.path, "--realtime", "--speed", "10",
                                       "--window", "5", "--sidecar", media.cues.path])
        process = p
        XCTAssertEqual(p.waitForExit(timeout: 40)?.status, 0, "the file input ends and pkgctl exits 0")
        let a = try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8)
        let b = try String(contentsOf: out.appendingPathComponent("primary_1/index.m3u8"), encoding: .utf8)
        XCTAssertEqual(lines(a, prefix: "#EXT-X-PROGRAM-DATE-TIME"), lines(b, prefix: "#EXT-X-PROGRAM-DATE-TIME"))
        XCTAssertEqual(lines(a, prefix: "#EXTINF"), lines(b, prefix: "#EXTINF"))
        XCTAssertEqual(lines(a, prefix: "#EXT-X-MEDIA-SEQUENCE"), lines(b, prefix: "#EXT-X-MEDIA-SEQUENCE"))
        XCTAssertEqual(lines(a, prefix: "#EXT-X-DATERANGE"), lines(b, prefix: "#EXT-X-DATERANGE"))
        let master = try String(contentsOf: out.appendingPathComponent("master.m3u8"), encoding: .utf8)
        XCTAssertEqual(lines(master, prefix: "#EXT-X-STREAM-INF").count, 2, master)
        XCTAssertTrue(master.contains("RESOLUTION=640x360") && master.contains("RESOLUTION=1280x720"), master)
        // The break was announced and completed (the log says so for the one ID both carry).
        XCTAssertEqual(p.log.filter { $0.event == "span" }.compactMap { $0.action }, ["announce", "complete"])
        for playlist in ["primary/index.m3u8", "primary_1/index.m3u8"] {
            let findings = try PlaylistValidator.validate(path: out.appendingPathComponent(playlist).path,
                                                          maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + out.path)])
            XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.message), [], playlist)
        }
    }
}
