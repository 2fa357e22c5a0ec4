import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod` on damaged MPEG-TS: it reads through runs of junk as ffmpeg does, and a run
/// either publishes a valid presentation or fails naming the input — never succeeds with a
/// presentation that has no segment or an empty one. Before: a run of junk without a sync byte
/// ended the conversion ("cannot read …: Resource temporarily unavailable", where
/// `ffmpeg -c copy` reads on), and an input without a keyframe "succeeded" with an empty playlist.
final class DamagedTSVodTests: XCTestCase {
    private var directory: URL?

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private func workDirectory() throws -> URL {
        if let directory { return directory }
        let dir = try TestMedia.temporaryDirectory()
        directory = dir
        return dir
    }

    private func convert(_ data: Data, name: String, engine: SegmentEngine = .auto,
                         placement: Placement = .strip) throws -> (input: String, output: URL, result: Result<VodReport, Error>) {
        let dir = try workDirectory()
        let input = dir.appendingPathComponent(name + ".ts")
        try data.write(to: input)
        let output = dir.appendingPathComponent(name)
        var options = VodOptions()
        options.engine = engine
        options.defaultPlacement = placement
        return (input.path, output, Result { try VodPipeline.run(input: input.path, output: output, options: options) })
    }

    /// A successful run's presentation: valid, every rendition with segments, none empty.
    private func assertUsable(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let master = output.appendingPathComponent("master.m3u8").path
        XCTAssertEqual(LiveChecks.errors(try PlaylistValidator.validate(path: master, maps: LiveChecks.assetMap(output))), [],
                       file: file, line: line)
        let primary = LivePlaylistText(try String(contentsOf: output.appendingPathComponent("primary/index.m3u8"), encoding: .utf8))
        XCTAssertFalse(primary.segments.isEmpty, "no segment", file: file, line: line)
        for segment in primary.segments {
            XCTAssertGreaterThan(segment.duration, 0, segment.uri, file: file, line: line)
            let size = (try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("primary/" + segment.uri).path)[.size]
                        as? Int) ?? 0
            XCTAssertGreaterThan(size, 0, "\(segment.uri) is empty", file: file, line: line)
        }
    }

    func testARunOfJunkWithoutSyncBytesIsReadThroughLikeFFmpeg() throws {
        let source = try Data(contentsOf: TestMedia.liveTS)
        // 300 KB of zeros over the programme 3 s in: no sync byte in libavformat's 64 KiB resync
        // window, so it answers EAGAIN (this aborted the conversion; ffmpeg reads on).
        let damaged = JunkInjector.damage(source, runs: [.init(offset: 97_786, length: 300_000, kind: .zeros, insert: false)],
                                          seed: 3)
        let run = try convert(damaged, name: "zeros", placement: .overlay)
        _ = try run.result.get()
        try assertUsable(run.output)
        // What the zeros replaced is lost (about 10 s at this rate), the rest is there: overlay
        // keeps the spans in the primary, so it holds the whole programme.
        let primary = LivePlaylistText(try String(contentsOf: run.output.appendingPathComponent("primary/index.m3u8"), encoding: .utf8))
        let listed = primary.segments.map(\.duration).reduce(0, +)
        XCTAssertGreaterThan(listed, 165, "\(listed) s of 180 s")
    }

    func testJunkWithoutSyncBytesInsertedMidProgrammeCostsNoMedia() throws {
        let source = try Data(contentsOf: TestMedia.liveTS)
        let damaged = JunkInjector.damage(source, runs: [.init(offset: source.count / 2, length: 200_000, kind: .noSync, insert: true)],
                                          seed: 3)
        let run = try convert(damaged, name: "nosync", placement: .overlay)
        _ = try run.result.get()
        try assertUsable(run.output)
        let primary = LivePlaylistText(try String(contentsOf: run.output.appendingPathComponent("primary/index.m3u8"), encoding: .utf8))
        XCTAssertEqual(primary.segments.map(\.duration).reduce(0, +), 180, accuracy: 0.1)
    }

    func testJunkRunsAtSeveralOffsetsGiveAUsablePresentationOrAnErrorNamingTheInput() throws {
        let source = try Data(contentsOf: TestMedia.liveTS)
        var random = SplitMix64(seed: 11)
        var outcomes: [String] = []
        for variant in 0..<12 {
            let runs = (0..<(1 + variant % 4)).map { _ in
                JunkInjector.Run(offset: Int(random.next() % UInt64(source.count)),
                                 length: [188 * 3 + 17, 4_096, 70_000, 300_000][Int(random.next() % 4)],
                                 kind: JunkInjector.Kind.allCases[Int(random.next() % 3)], insert: random.next() % 2 == 0)
            }
            let engine: SegmentEngine = variant % 3 == 2 ? .libavformat : .auto
            let run = try convert(JunkInjector.damage(source, runs: runs, seed: UInt64(variant)), name: "junk-\(variant)", engine: engine)
            switch run.result {
            case .success:
                try assertUsable(run.output)
                outcomes.append("ok")
            case .failure(let error):
                XCTAssertTrue(String(describing: error).contains(run.input), "the error does not name the input: \(error)")
                outcomes.append("error")
            }
        }
        // Junk like this is what ffmpeg reads through: every one converts.
        XCTAssertEqual(outcomes, Array(repeating: "ok", count: 12))
    }

    func testAnInputWithoutAKeyframeFailsInsteadOfPublishingAnEmptyPresentation() throws {
        let source = try Data(contentsOf: try ReliabilityMedia.programme(seconds: 6))
        // From the middle of the first GOP to just before the second keyframe (2 s, 50 frames).
        let cut = source.subdata(in: (188 * 400)..<(188 * 800))
        let run = try convert(cut, name: "nokey")
        XCTAssertThrowsError(try run.result.get()) { error in
            XCTAssertEqual(error as? PresentationIntegrityError, .noSegment(input: run.input, playlist: "primary"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.output.appendingPathComponent("master.m3u8").path),
                       "a presentation was published")
    }
}
