import XCTest
@testable import Packager

/// An overlay asset cut from a TS file in its own packets holds the packets the primary holds
/// over the span: its segment files are the primary's (hard links), not a second copy, unless the
/// primary was re-timed by an earlier stripped span, when the asset is written on its own.
final class TSOverlayAssetTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Each segment of `playlist`: (PDT, file).
    private func segments(_ root: URL, _ playlist: String) throws -> [(pdt: String, file: URL)] {
        let folder = root.appendingPathComponent(playlist).deletingLastPathComponent()
        var pdt = "", out: [(String, URL)] = []
        for line in try String(contentsOf: root.appendingPathComponent(playlist), encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") { pdt = String(line.dropFirst(25)) }
            if !line.hasPrefix("#") { out.append((pdt, folder.appendingPathComponent(String(line)))) }
        }
        return out
    }

    func testOverlayAssetSegmentsAreThePrimarysFiles() throws {
        var options = VodOptions()
        options.defaultPlacement = .overlay
        let out = dir.appendingPathComponent("overlay")
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, output: out, options: options)
        let primary = Dictionary(try segments(out, "primary/index.m3u8").map { ($0.pdt, $0.file) }, uniquingKeysWith: { a, _ in a })
        var linked = 0
        for id in report.spans.filter({ $0.cutIn != nil }).compactMap(\.id) {
            for (pdt, file) in try segments(out, "assets/\(id)/index.m3u8") {
                let twin = try XCTUnwrap(primary[pdt], "\(id): no primary segment at \(pdt)")
                XCTAssertEqual(try MediaTool.inode(file).inode, try MediaTool.inode(twin).inode, "\(id) \(file.lastPathComponent)")
                XCTAssertEqual(try MediaTool.inode(file).links, 2)
                linked += 1
            }
        }
        XCTAssertEqual(linked, 11)
        let findings = try PlaylistValidator.validate(path: out.path, maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + out.path)])
        XCTAssertEqual(findings.filter { $0.severity == .error }.map(\.message), [])
    }

    func testAnOverlayAssetCutShortByTheEndOfInputIsThePrimarysFilesToTheLast() throws {
        // A break from t = 160 s with no return, in a 180 s file: its last segment closes at the
        // very last cut, with the primary's last.
        var sheet = CueSheetFile(t0Ticks: 324_126_000)
        sheet.splice(event: 99, out: true, at: 160)
        let cues = dir.appendingPathComponent("tail.txt")
        try sheet.write(to: cues)
        var options = VodOptions()
        options.defaultPlacement = .overlay
        options.sidecar = cues
        let out = dir.appendingPathComponent("tail")
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: out, options: options)
        let primary = Dictionary(try segments(out, "primary/index.m3u8").map { ($0.pdt, $0.file) }, uniquingKeysWith: { a, _ in a })
        let asset = try segments(out, "assets/ad-99-1/index.m3u8")
        XCTAssertEqual(asset.count, 4)
        for (pdt, file) in asset {
            XCTAssertEqual(try MediaTool.inode(file).inode, try MediaTool.inode(try XCTUnwrap(primary[pdt])).inode, file.lastPathComponent)
        }
    }

    func testAnAssetAfterAStrippedSpanIsWrittenOnItsOwnWithTheSameFrames() throws {
        // The recap is stripped, so the primary is re-timed by the time the ads begin: the ads'
        // segments are not the primary's bytes (other timestamps) and are written apart.
        var options = VodOptions()
        options.defaultPlacement = .overlay
        options.placementByKind = [.recap: .strip]
        let out = dir.appendingPathComponent("mixed")
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, output: out, options: options)
        let ads = report.spans.filter { $0.cutIn != nil }.compactMap(\.id).filter { $0.hasPrefix("ad-") }
        XCTAssertEqual(ads.count, 2)
        for id in ads {
            let files = try segments(out, "assets/\(id)/index.m3u8").map(\.file)
            XCTAssertFalse(files.isEmpty)
            for file in files { XCTAssertEqual(try MediaTool.inode(file).links, 1, file.path) }
        }
        // The first ad, written apart, against the same ad mirrored in an overlay-only run.
        var overlay = VodOptions()
        overlay.defaultPlacement = .overlay
        let whole = dir.appendingPathComponent("whole")
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: whole, options: overlay)
        let concat = { (root: URL, name: String) -> URL in
            try MediaTool.concatenate(try self.segments(root, "assets/\(ads[0])/index.m3u8").map(\.file),
                                      into: self.dir.appendingPathComponent(name))
        }
        let mirrored = try MediaTool.frameHashes(try concat(whole, "mirrored.ts"), maps: ["0:v", "0:a"], copy: false)
        XCTAssertGreaterThan(mirrored.filter { $0.first == "0" }.count, 800)
        try FrameLines.assertSame(try MediaTool.frameHashes(try concat(out, "apart.ts"), maps: ["0:v", "0:a"], copy: false),
                                  mirrored, tolerance: 0)
    }
}
