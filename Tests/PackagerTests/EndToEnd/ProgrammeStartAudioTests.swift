import Foundation
import XCTest
@testable import Packager

/// No audio frame of the source is lost at programme start: the first primary segment holds
/// every frame of the source's first audio PES (libavformat hands the later frames of that PES
/// over without timestamps), in every mode and format — compared with ffprobe's packets.
final class ProgrammeStartAudioTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    /// PTS of the audio packets ffprobe reads in `url`, in 90 kHz ticks.
    private func audioPTS(_ url: URL, first count: Int) throws -> [Int64] {
        let run = try ToolRun.run(ToolRun.find("ffprobe") ?? "/usr/bin/ffprobe",
                                  ["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0",
                                   url.path])
        // Packets with side data print an extra empty line; every packet line starts with its time.
        return run.output.split(separator: "\n").compactMap { Double($0.split(separator: ",").first ?? "") }.prefix(count)
            .map { Int64(($0 * 90_000).rounded()) }
    }

    private func assertFirstSegmentKeepsTheFirstPES(of source: URL, format: SegmentMuxerFormat, engine: SegmentEngine,
                                                    file: StaticString = #filePath, line: UInt = #line) throws {
        var options = VodOptions()
        options.segmentFormat = format
        options.engine = engine
        let out = scratch.appendingPathComponent("\(format)-\(engine)-\(UUID().uuidString.prefix(4))")
        _ = try VodPipeline.run(input: source.path, output: out, options: options)
        var first = out.appendingPathComponent("primary/seg_00000.\(format.segmentExtension)")
        if format == .fmp4 {
            // An fMP4 segment is read with its init section in front.
            let joined = scratch.appendingPathComponent("first-\(UUID().uuidString.prefix(4)).mp4")
            try (try Data(contentsOf: out.appendingPathComponent("primary/init.mp4")) + (try Data(contentsOf: first))).write(to: joined)
            first = joined
        }
        let expected = try audioPTS(source, first: 17)
        XCTAssertEqual(expected.count, 17, file: file, line: line)
        let got = try audioPTS(first, first: 17)
        XCTAssertEqual(got.map { $0 - got[0] }, expected.map { $0 - expected[0] },
                       "\(format) via \(engine): the first 17 audio frames are not all there", file: file, line: line)
    }

    func testFirstSegmentHoldsTheSourcesFirstAudioPESFromTheSample() throws {
        try assertFirstSegmentKeepsTheFirstPES(of: TestMedia.liveTS, format: .ts, engine: .auto)
        try assertFirstSegmentKeepsTheFirstPES(of: TestMedia.liveTS, format: .ts, engine: .libavformat)
        try assertFirstSegmentKeepsTheFirstPES(of: TestMedia.liveTS, format: .fmp4, engine: .auto)
    }

    func testFirstSegmentHoldsTheSourcesFirstAudioPESFromAnFFmpegMadeSource() throws {
        let media = try GeneratedMedia.ts(seconds: 20)
        try assertFirstSegmentKeepsTheFirstPES(of: media, format: .ts, engine: .libavformat)
        try assertFirstSegmentKeepsTheFirstPES(of: media, format: .fmp4, engine: .auto)
    }

    func testLiveFirstSegmentHoldsTheSourcesFirstAudioPES() throws {
        let run = try InProcessLive.run({ $0.event = true }, input: TestMedia.liveTS, output: scratch.appendingPathComponent("live"))
        let expected = try audioPTS(TestMedia.liveTS, first: 17)
        let got = try audioPTS(run.output.appendingPathComponent("primary/seg_00000.ts"), first: 17)
        XCTAssertEqual(got.map { $0 - got[0] }, expected.map { $0 - expected[0] })
    }
}
