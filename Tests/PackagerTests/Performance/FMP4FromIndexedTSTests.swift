import XCTest
@testable import Packager

/// fMP4 output of a TS file reads the file with the byte-level indexer (TSUnitDemuxer) instead of
/// libavformat's TS demuxer, and muxes H.264 and AAC with pkgctl's own muxer: pinned against
/// `--engine libavformat` on the same input. Every segment and playlist is byte-identical where
/// libavformat times every AAC frame (48 kHz), every init section box for box but for what
/// `MP4InitLeaves.unexpectedDifferences` allows; at 44.1 kHz libavformat leaves the frames after
/// the first of the first PES untimed, and the demuxed path's times for them are the exact ones.
final class FMP4FromIndexedTSTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func convert(_ input: URL, engine: SegmentEngine, placement: Placement = .strip,
                         splice: SpliceMode = .accurate) throws -> URL {
        var options = VodOptions()
        options.segmentFormat = .fmp4
        options.engine = engine
        options.defaultPlacement = placement
        options.splice = splice
        let out = dir.appendingPathComponent("\(input.lastPathComponent)-\(engine)-\(placement)-\(splice)")
        _ = try VodPipeline.run(input: input.path, output: out, options: options)
        return out
    }

    /// Relative paths of every file under `root`, sorted.
    private func files(_ root: URL) throws -> [String] {
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Every file but report.json (its timings differ run to run) has the same bytes. Overlay
    /// assets are the exception by design: each asset segment is the primary's segment of the
    /// same packets (a hard link), and its init the primary's, so they decode to the same frames
    /// at the same times as libavformat's own asset files, whose fragments count from the asset's
    /// start.
    private func assertSameOutput(_ input: URL, placement: Placement = .strip, splice: SpliceMode = .accurate,
                                  segments: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let mine = try convert(input, engine: .auto, placement: placement, splice: splice)
        let theirs = try convert(input, engine: .libavformat, placement: placement, splice: splice)
        let names = try files(mine)
        XCTAssertEqual(names, try files(theirs), file: file, line: line)
        XCTAssertEqual(names.filter { $0.hasSuffix(".m4s") }.count, segments, file: file, line: line)
        let mirrored = placement == .overlay ? names.filter { $0.hasPrefix("assets/") && !$0.hasSuffix(".m3u8") } : []
        if !mirrored.isEmpty { try assertAssetsMirrorThePrimary(mine, theirs: theirs, files: mirrored, file: file, line: line) }
        for name in names where name != OutputLayout.report && !mirrored.contains(name) {
            if name.hasSuffix(OutputLayout.initName) {
                let differences = MP4InitLeaves.unexpectedDifferences(ours: try Data(contentsOf: mine.appendingPathComponent(name)),
                                                                      theirs: try Data(contentsOf: theirs.appendingPathComponent(name)))
                XCTAssertEqual(differences, [], "\(input.lastPathComponent) \(placement) \(splice): \(name)", file: file, line: line)
                continue
            }
            XCTAssertTrue(try Data(contentsOf: mine.appendingPathComponent(name)) == Data(contentsOf: theirs.appendingPathComponent(name)),
                          "\(input.lastPathComponent) \(placement) \(splice): \(name) differs", file: file, line: line)
        }
    }

    private func assertAssetsMirrorThePrimary(_ mine: URL, theirs: URL, files: [String], file: StaticString, line: UInt) throws {
        let primary = mine.appendingPathComponent("primary")
        let primaryInodes = Set(try FileManager.default.contentsOfDirectory(atPath: primary.path).filter { $0.hasSuffix(".m4s") }
            .map { try MediaTool.inode(primary.appendingPathComponent($0)).inode })
        let primaryInit = try Data(contentsOf: primary.appendingPathComponent(OutputLayout.initName))
        for name in files {
            let url = mine.appendingPathComponent(name)
            if name.hasSuffix(OutputLayout.initName) {
                XCTAssertTrue(try Data(contentsOf: url) == primaryInit, "\(name): the primary's init", file: file, line: line)
            } else {
                XCTAssertTrue(primaryInodes.contains(try MediaTool.inode(url).inode), "\(name): a primary segment", file: file, line: line)
            }
        }
        // The same frames; audio times within a millisecond: an edit list counts milliseconds,
        // and the primary's start rounds to one by other digits than the asset's own would.
        let assets = Set(files.map { $0.split(separator: "/").prefix(2).joined(separator: "/") })
        for asset in assets.sorted() {
            let playlist = asset + "/index.m3u8"
            XCTAssertEqual(try MediaTool.frameHashes(mine.appendingPathComponent(playlist), maps: ["0:v"], copy: false),
                           try MediaTool.frameHashes(theirs.appendingPathComponent(playlist), maps: ["0:v"], copy: false),
                           "\(playlist) video", file: file, line: line)
            let a = try MediaTool.frameHashes(mine.appendingPathComponent(playlist), maps: ["0:a"], copy: false)
            let b = try MediaTool.frameHashes(theirs.appendingPathComponent(playlist), maps: ["0:a"], copy: false)
            XCTAssertEqual(a.map { $0[5] }, b.map { $0[5] }, "\(playlist) audio frames", file: file, line: line)
            let offsets = Set(zip(a, b).compactMap { x, y in Int(x[2]).flatMap { p in Int(y[2]).map { abs(p - $0) } } })
            XCTAssertEqual(offsets.count, 1, "\(playlist): one offset for every audio frame", file: file, line: line)
            XCTAssertLessThanOrEqual(offsets.first ?? .max, 48, "\(playlist): 1 ms at 48 kHz", file: file, line: line)
        }
    }

    func testTheSampleChannelStrippedWithAccurateSplicesIsByteIdenticalToTheLibavformatPath() throws {
        try assertSameOutput(TestMedia.liveTS, segments: 32)
    }

    func testTheSampleChannelOverlaidWithKeyframeCutsIsByteIdenticalToTheLibavformatPathButForMirroredAssets() throws {
        try assertSameOutput(TestMedia.liveTS, placement: .overlay, splice: .keyframe, segments: 43)
    }

    /// Two H.264 renditions with B-frames at 29.97 fps (the indexer hands over every video PID).
    func testTwoRenditionsAreByteIdenticalToTheLibavformatPath() throws {
        let input = dir.appendingPathComponent("two.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30000/1001", "-f", "lavfi", "-i", "sine=f=440:r=48000",
                           "-t", "20", "-map", "0:v", "-map", "0:v", "-map", "1:a", "-c:v:0", "libx264", "-b:v:0", "1M",
                           "-c:v:1", "libx264", "-b:v:1", "400k", "-s:v:1", "320x180", "-g", "60", "-bf", "2", "-c:a", "aac",
                           "-f", "mpegts", input.path])
        try assertSameOutput(input, segments: 8)
    }

    /// HEVC (open GOP) with a 44.1 kHz and a 48 kHz AAC track: the same pictures and audio frames
    /// in the same order; the 44.1 kHz frames stay on the 1024-sample grid from the first on,
    /// where libavformat's untimed frames of the first PES (stamped by PacketClock at 2089 ticks
    /// each) fall behind it by up to 4 samples until the next PES.
    func testHEVCWithTwoAudioTracksDecodesToTheSameFramesWithAudioOnItsFrameGrid() throws {
        let input = dir.appendingPathComponent("hevc.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=f=440:r=44100",
                           "-f", "lavfi", "-i", "sine=f=660:r=48000", "-t", "12", "-map", "0:v", "-map", "1:a", "-map", "2:a",
                           "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error:keyint=50:open-gop=1:bframes=3",
                           "-c:a", "aac", "-b:a", "96k", "-f", "mpegts", input.path])
        let mine = try convert(input, engine: .auto).appendingPathComponent("primary/index.m3u8")
        let theirs = try convert(input, engine: .libavformat).appendingPathComponent("primary/index.m3u8")
        let maps = ["0:v", "0:a:0", "0:a:1"]
        let a = try MediaTool.frameHashes(mine, maps: maps, copy: false)
        let b = try MediaTool.frameHashes(theirs, maps: maps, copy: false)
        XCTAssertEqual(a.filter { $0[0] == "0" }, b.filter { $0[0] == "0" }, "video lines")
        XCTAssertEqual(a.filter { $0[0] == "2" }, b.filter { $0[0] == "2" }, "48 kHz audio lines")
        let hashes = { (lines: [[String]]) in lines.filter { $0[0] == "1" }.map { $0[5] } }
        XCTAssertEqual(hashes(a), hashes(b), "44.1 kHz audio frames")
        // Off the 1024-sample grid of the first frame (by the mp4 time scale's rounding at most).
        let drift = { (lines: [[String]]) -> Int in
            let times = lines.filter { $0[0] == "1" }.compactMap { Int($0[2]) }
            return times.enumerated().map { abs($1 - (times[0] + 1024 * $0)) }.max() ?? -1
        }
        XCTAssertEqual(hashes(a).count, 518)
        XCTAssertEqual(drift(a), 1)
        XCTAssertEqual(drift(b), 4)
    }
}
