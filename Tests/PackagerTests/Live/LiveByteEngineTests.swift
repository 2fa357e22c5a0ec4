import CueDetect
import Foundation
import XCTest
@testable import Packager

/// `pkgctl live --engine auto`: a TS input is cut in its own packets (LiveTSSource +
/// TSSegmentAssembler) instead of demuxed and muxed again. The segments hold the frames the
/// libavformat engine muxes, cut at the same places, and keep the SCTE-35 PID.
final class LiveByteEngineTests: TemporaryDirectoriesTestCase {

    private func run(_ engine: SegmentEngine, input: URL = TestMedia.liveTS, spools: Bool = true) throws -> InProcessLive {
        let dir = try temporaryDirectory()
        let run = try InProcessLive.runKeepingEverything({ $0.engine = engine }, input: input, output: dir, spools: spools)
        XCTAssertEqual(run.outcome, .stopped)
        return run
    }

    private func engineLogged(_ run: InProcessLive) -> [String] {
        run.log.filter { $0.event == "input" && $0.action == "open" }.compactMap { $0.string("engine") }
    }

    /// Segment files by output directory (primary, each asset), in playlist order.
    private func outputs(_ root: URL) throws -> [String: [String]] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".ts") }.sorted()
        return Dictionary(grouping: names) { ($0 as NSString).deletingLastPathComponent }
    }

    private func concatenated(_ names: [String], in root: URL, to file: URL) throws -> URL {
        var bytes = Data()
        for name in names { bytes += try Data(contentsOf: root.appendingPathComponent(name)) }
        try bytes.write(to: file)
        return file
    }

    func testByteEngineSegmentsCarryTheFramesTheLibavformatEngineMuxesCutAtTheSamePlaces() throws {
        let bytes = try run(.auto), muxed = try run(.libavformat)
        XCTAssertEqual(engineLogged(bytes), ["bytes"])
        XCTAssertEqual(engineLogged(muxed), ["libavformat"])
        let (a, b) = (try outputs(bytes.output), try outputs(muxed.output))
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.keys.sorted(), ["assets/ad-1001-1", "assets/ad-3001-1", "assets/recap-2001-1", "primary"])
        let (pa, pb) = (LivePlaylistText(try bytes.text("primary/index.m3u8")), LivePlaylistText(try muxed.text("primary/index.m3u8")))
        XCTAssertEqual(pa.segments.map(\.uri), pb.segments.map(\.uri))
        XCTAssertEqual(pa.segments.map(\.duration), pb.segments.map(\.duration))
        XCTAssertEqual(pa.dateRanges.map(\.id), pb.dateRanges.map(\.id))
        XCTAssertEqual(pa.dateRanges.map(\.duration), pb.dateRanges.map(\.duration))
        XCTAssertEqual(pa.segments.count, 32)
        for (output, names) in a {
            let scratch = try temporaryDirectory()
            let mine = try concatenated(names, in: bytes.output, to: scratch.appendingPathComponent("bytes.ts"))
            let theirs = try concatenated(names, in: muxed.output, to: scratch.appendingPathComponent("muxed.ts"))
            // Decoded frames, with their timestamps: the same pictures and samples at the same times;
            // the byte engine's decode (one ffmpeg run for both) says nothing at level error.
            let decoded = try MediaTool.decodedFrameHashes(mine, maps: ["0:v", "0:a"])
            try FrameLines.assertSame(decoded.lines, try MediaTool.frameHashes(theirs, maps: ["0:v", "0:a"], copy: false), tolerance: 0)
            XCTAssertEqual(decoded.errors, "", output)
        }
    }

    /// libavformat's TS muxer cannot write SCTE-35; the byte engine keeps the PID as the encoder
    /// sent it (overlay: the primary is not re-timed, so every section is the source's, unchanged,
    /// in the source's order).
    func testByteEngineKeepsEverySCTE35SectionAsStreamType0x86WithCUEIInThePrimary() throws {
        let bytes = try run(.auto)
        let names = try outputs(bytes.output)["primary"] ?? []
        var primary = TSSectionScanner(), source = TSSectionScanner()
        var out: [TSScanEvent] = [], original: [TSScanEvent] = []
        for name in names { primary.feed(try TestMedia.bytes(bytes.output.appendingPathComponent(name)), into: &out) }
        source.feed(try TestMedia.bytes(TestMedia.liveTS), into: &original)
        let maps = out.compactMap { e -> ProgramMap? in if case .programMap(let m) = e { return m }; return nil }
        XCTAssertEqual(maps.first?.streams.last?.streamType, 0x86)
        XCTAssertEqual(maps.first?.programRegistrations, ["CUEI"])
        let sections = { (events: [TSScanEvent]) in
            events.compactMap { e -> [UInt8]? in if case .section(let s) = e { return s.bytes }; return nil }
        }
        // Including the one sent before the first keyframe (it announces the splice at 2 s).
        XCTAssertEqual(sections(original).count, 10)
        XCTAssertEqual(sections(out), sections(original))
    }

    /// An HTTP origin makes no spools: the byte engine's segments are collected in memory.
    func testByteEngineWithoutSpoolsPublishesTheSameBytes() throws {
        let spooled = try run(.auto), inMemory = try run(.auto, spools: false)
        XCTAssertEqual(inMemory.sink.spooledPuts, 0)
        let names = try outputs(spooled.output).values.flatMap { $0 }.sorted()
        XCTAssertEqual(spooled.sink.spooledPuts, names.count)
        XCTAssertEqual(try outputs(inMemory.output).values.flatMap { $0 }.sorted(), names)
        for name in names {
            XCTAssertEqual(try Data(contentsOf: spooled.output.appendingPathComponent(name)),
                           try Data(contentsOf: inMemory.output.appendingPathComponent(name)), name)
        }
        XCTAssertEqual(try PublishTestFolder.spools(under: spooled.output), [])
    }

    /// An encoder failover (new PIDs in the PMT): the byte engine stops at the new PMT and hands
    /// the same input to libavformat, which probes the new programme from there (its bytes
    /// replayed) — no reopen — behind one DISCONTINUITY.
    func testProgrammeChangeHandsTheInputToLibavformatAtTheNewPMT() throws {
        let run = try run(.auto, input: try ReliabilityMedia.switchover(seconds: 14))
        XCTAssertEqual(engineLogged(run), ["bytes"])
        let changes = run.log.filter { $0.event == "input" && $0.action == "programme_change" }
        XCTAssertEqual(changes.first?.string("engine"), "libavformat")
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first?.level, "warn")
        XCTAssertEqual(changes.first?.string("old"), "0x100 h264 video, 0x101 aac audio")
        XCTAssertEqual(changes.first?.string("new"), "0x200 h264 video, 0x201 aac audio")
        XCTAssertEqual(run.log.filter { $0.event == "input" && ["lost", "retry"].contains($0.action) }.count, 0)
        let last = LivePlaylistText(try run.text("primary/index.m3u8"))
        let breaks = last.segments.indices.filter { last.segments[$0].discontinuity }
        XCTAssertEqual(breaks.count, 1)
        guard let k = breaks.first, let target = last.targetDuration else { return XCTFail("no DISCONTINUITY") }
        XCTAssertEqual(last.segments[..<k].map(\.duration).reduce(0, +), 14, accuracy: 0.1, "the first programme")
        XCTAssertGreaterThanOrEqual(last.segments[k...].map(\.duration).reduce(0, +), 14 - Double(target), "the second programme")
    }
}
