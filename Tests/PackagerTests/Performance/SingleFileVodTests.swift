import XCTest
@testable import Packager

/// `--single-file` (segments.single_file): one file per rendition and per asset, each segment an
/// EXT-X-BYTERANGE of it. Pinned against the file-per-segment output of the same conversion: the
/// file is those segments' bytes back to back (after the init section for fMP4), the playlists
/// are the same but for the URI lines and the byte ranges, and the output validates with every
/// segment probed.
final class SingleFileVodTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private let playlists = ["primary/index.m3u8", "assets/ad-1001-1/index.m3u8", "assets/ad-3001-1/index.m3u8",
                             "assets/recap-2001-1/index.m3u8"]

    private func convert(_ format: SegmentMuxerFormat, engine: SegmentEngine, placement: Placement = .strip,
                         singleFile: Bool, sink: ((URL) throws -> PublishSink)? = nil) throws -> URL {
        var options = VodOptions()
        options.segmentFormat = format
        options.engine = engine
        options.defaultPlacement = placement
        options.singleFile = singleFile
        let out = dir.appendingPathComponent("\(format)-\(engine)-\(placement)-\(singleFile ? "single" : "files")")
        if let sink {
            _ = try VodPipeline.run(input: TestMedia.liveTS.path, sink: try sink(out), options: options)
        } else {
            _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: out, options: options)
        }
        return out
    }

    /// The file-per-segment playlist rewritten as the single-file one must read: each segment
    /// URI becomes a byte range of `media.<ext>` (offsets running on from the init section), the
    /// map points at the file's start, and the version is raised for EXT-X-BYTERANGE.
    private func expectedSingleFile(_ playlist: URL, format: SegmentMuxerFormat) throws -> (text: String, file: Data) {
        let name = OutputLayout.singleFile(format: format)
        let folder = playlist.deletingLastPathComponent()
        var file = Data()
        var lines: [String] = []
        for line in try String(contentsOf: playlist, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "#EXT-X-VERSION:3" {
                lines.append("#EXT-X-VERSION:4")
            } else if line == "#EXT-X-MAP:URI=\"init.mp4\"" {
                let bytes = try Data(contentsOf: folder.appendingPathComponent("init.mp4"))
                lines.append("#EXT-X-MAP:URI=\"\(name)\",BYTERANGE=\"\(bytes.count)@0\"")
                file += bytes
            } else if line.hasPrefix("seg_") {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(String(line)))
                lines += ["#EXT-X-BYTERANGE:\(bytes.count)@\(file.count)", name]
                file += bytes
            } else {
                lines.append(String(line))
            }
        }
        return (lines.joined(separator: "\n"), file)
    }

    private func assertSameAsSegmentFiles(_ format: SegmentMuxerFormat, engine: SegmentEngine, placement: Placement = .strip,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try convert(format, engine: engine, placement: placement, singleFile: false)
        let single = try convert(format, engine: engine, placement: placement, singleFile: true)
        let label = "\(format) \(engine) \(placement)"
        for playlist in playlists {
            let expected = try expectedSingleFile(files.appendingPathComponent(playlist), format: format)
            XCTAssertEqual(try String(contentsOf: single.appendingPathComponent(playlist), encoding: .utf8), expected.text,
                           "\(label) \(playlist)", file: file, line: line)
            let media = single.appendingPathComponent(playlist).deletingLastPathComponent()
                .appendingPathComponent(OutputLayout.singleFile(format: format))
            XCTAssertGreaterThan(expected.file.count, 100_000, file: file, line: line)
            XCTAssertTrue(try Data(contentsOf: media) == expected.file, "\(label) \(playlist): file bytes", file: file, line: line)
            let names = try FileManager.default.contentsOfDirectory(atPath: media.deletingLastPathComponent().path).sorted()
            XCTAssertEqual(names, ["index.m3u8", OutputLayout.singleFile(format: format)], "\(label) \(playlist)", file: file, line: line)
        }
        // The multivariant playlist (BANDWIDTH measured from the same bytes) does not change.
        XCTAssertEqual(try String(contentsOf: single.appendingPathComponent("master.m3u8"), encoding: .utf8),
                       try String(contentsOf: files.appendingPathComponent("master.m3u8"), encoding: .utf8), label, file: file, line: line)
        var options = ValidateOptions(maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + single.path)], media: .on)
        options.profiles = [.hlsjs]
        let findings = try PlaylistValidator.validate(input: single.path, options: options)
        XCTAssertEqual(findings.map { "\($0.rule) \($0.message)" }, [], label, file: file, line: line)
    }

    func testByteLevelTSSingleFileHoldsTheSegmentFilesBytes() throws {
        try assertSameAsSegmentFiles(.ts, engine: .auto)
    }

    func testByteLevelTSSingleFileOverlayHoldsTheSegmentFilesBytes() throws {
        try assertSameAsSegmentFiles(.ts, engine: .auto, placement: .overlay)
    }

    func testLibavformatTSSingleFileHoldsTheSegmentFilesBytes() throws {
        try assertSameAsSegmentFiles(.ts, engine: .libavformat)
    }

    func testFMP4SingleFileStartsWithTheInitSectionThenEverySegment() throws {
        try assertSameAsSegmentFiles(.fmp4, engine: .auto)
    }

    /// A sink that offers no file of its own (an HTTP origin takes whole objects) gets each
    /// output's file put once, complete, before the playlists.
    func testSinkWithoutDirectFilesGetsEachSingleFileWhole() throws {
        let staged = try convert(.fmp4, engine: .auto, singleFile: true)
        let root = dir.appendingPathComponent("atomic")
        let recorder = PutOrder(inner: AtomicFileSink(root: root))
        _ = try convert(.fmp4, engine: .auto, singleFile: true) { _ in recorder }
        for playlist in playlists {
            let folder = (playlist as NSString).deletingLastPathComponent
            let media = folder + "/media.mp4"
            XCTAssertEqual(recorder.puts.filter { $0 == media }.count, 1, media)
            XCTAssertLessThan(try XCTUnwrap(recorder.puts.firstIndex(of: media)), try XCTUnwrap(recorder.puts.firstIndex(of: playlist)))
            XCTAssertTrue(try Data(contentsOf: root.appendingPathComponent(media)) == Data(contentsOf: staged.appendingPathComponent(media)),
                          media)
            XCTAssertEqual(try String(contentsOf: root.appendingPathComponent(playlist), encoding: .utf8),
                           try String(contentsOf: staged.appendingPathComponent(playlist), encoding: .utf8))
        }
    }

    /// validate reads each range of a local file alone (not the whole file per segment); a
    /// range the file does not hold still gets its finding, with the playlist's own text.
    func testValidateNamesARangePastTheEndOfTheFile() throws {
        let single = try convert(.ts, engine: .auto, singleFile: true)
        let playlist = single.appendingPathComponent("assets/ad-1001-1/index.m3u8")
        var lines = try String(contentsOf: playlist, encoding: .utf8).components(separatedBy: "\n")
        let last = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("#EXT-X-BYTERANGE:") })
        let size = try XCTUnwrap(FileLoader.size(single.appendingPathComponent("assets/ad-1001-1/media.ts").path))
        lines[last] = "#EXT-X-BYTERANGE:376@\(size - 188)"
        try lines.joined(separator: "\n").write(to: playlist, atomically: true, encoding: .utf8)
        // The assets are reached through the asset lists' URLs, mapped back onto the output.
        let options = ValidateOptions(maps: [try URLMapping.parse("http://127.0.0.1:8000/=" + single.path)], media: .on)
        let findings = try PlaylistValidator.validate(input: single.path, options: options)
        XCTAssertEqual(findings.filter { $0.rule == .mediaMissing }.map(\.message),
                       ["segment media.ts has no bytes at EXT-X-BYTERANGE:376@\(size - 188)"])
    }

    /// The single file decodes to the frames of the file-per-segment output, per stream (the 30 s
    /// break's asset: decoding stays short).
    func testSingleFileDecodesToTheSameFramesAsTheSegmentFiles() throws {
        let files = try convert(.ts, engine: .auto, singleFile: false)
        let single = try convert(.ts, engine: .auto, singleFile: true)
        let asset = "assets/ad-1001-1/"
        let segments = try FileManager.default.contentsOfDirectory(atPath: files.appendingPathComponent(asset).path)
            .filter { $0.hasSuffix(".ts") }.sorted()
        var joined = Data()
        for name in segments { joined += try Data(contentsOf: files.appendingPathComponent(asset + name)) }
        let concatenated = dir.appendingPathComponent("joined.ts")
        try joined.write(to: concatenated)
        let hashes = { (url: URL) in
            Dictionary(grouping: try MediaTool.frameHashes(url, maps: ["0:v", "0:a"], copy: false), by: { $0[0] }).mapValues { $0.map { $0[5] } }
        }
        let expected = try hashes(concatenated)
        XCTAssertEqual(expected["0"]?.count, 900)
        XCTAssertEqual(try hashes(single.appendingPathComponent(asset + "media.ts")), expected)
    }
}

/// The names a sink was given, in order, on top of a real sink.
private final class PutOrder: PublishSink {
    let inner: PublishSink
    private(set) var puts: [String] = []
    init(inner: PublishSink) { self.inner = inner }
    var stats: PublishStats { inner.stats }
    func put(_ data: Data, name: String, kind: PublishedKind) throws {
        puts.append(name)
        try inner.put(data, name: name, kind: kind)
    }
    func delete(name: String) throws { try inner.delete(name: name) }
    func flush(timeout: Double) throws { try inner.flush(timeout: timeout) }
}
