import CueDetect
import XCTest
@testable import Packager

final class TSSCTE35OutputTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func scan(_ url: URL) throws -> [TSScanEvent] {
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        scanner.feed(try TestMedia.bytes(url), into: &events)
        return events
    }

    /// A strip span from 1 to 2 s, so both cues (arriving at 3 and 6 s) follow it in the primary.
    private func earlyStrip(_ clip: TSOutputMedia.Made) throws -> TSEngineRun {
        try TSEngineRun.cut(clip.url, into: dir, targetSeconds: 2, spans: [
            TSCutSpan(serial: 1, startTicks: clip.ticks(1), endTicks: clip.ticks(2), placement: .strip),
        ])
    }

    func testOurScannerReadsTheSectionsWithPMTStreamType0x86AndProgramLevelCUEI() throws {
        let clip = try TSOutputMedia.clip()
        let run = try earlyStrip(clip)
        let events = try scan(try run.concatenated(.primary, into: dir.appendingPathComponent("p.ts")))
        let maps = events.compactMap { e -> ProgramMap? in if case .programMap(let m) = e { return m }; return nil }
        XCTAssertEqual(maps.count, 1)
        XCTAssertEqual(maps.first?.streams.map(\.pid), [0x100, 0x101, 0x102, 0x1F5])
        XCTAssertEqual(maps.first?.streams.last?.streamType, 0x86)
        XCTAssertEqual(maps.first?.programRegistrations, ["CUEI"])
        let sections = events.compactMap { e -> ScannedSection? in if case .section(let s) = e { return s }; return nil }
        XCTAssertEqual(sections.count, 2)
        XCTAssertTrue(sections.allSatisfy(\.libavformatExposes))
    }

    func testSpliceTimesPlusPTSAdjustmentMoveByTheStrippedDuration() throws {
        let clip = try TSOutputMedia.clip()
        let run = try earlyStrip(clip)
        XCTAssertEqual(run.shift, 90_000)
        let events = try scan(try run.concatenated(.primary, into: dir.appendingPathComponent("p.ts")))
        let sections = events.compactMap { e -> ScannedSection? in if case .section(let s) = e { return s }; return nil }
        let decoded = try sections.map { try SpliceInfoSection.decode($0.bytes) }
        XCTAssertEqual(decoded.map(\.ptsAdjustment), [(1 << 33) - 90_000, (1 << 33) - 90_000])
        XCTAssertTrue(sections.allSatisfy { CRC32MPEG2.checksum($0.bytes) == 0 })
        let source = try clip.sections.map { try SpliceInfoSection.decode($0) }
        XCTAssertEqual(decoded.map(\.spliceTimeAdjusted), source.map { $0.spliceTimeAdjusted.map { $0 - 90_000 } })
        XCTAssertEqual(source.map(\.spliceTimeAdjusted), [UInt64(clip.ticks(4)), UInt64(clip.ticks(7))])
    }

    func testFFprobeSeesTheSCTE35StreamInTheOutput() throws {
        let run = try earlyStrip(try TSOutputMedia.clip())
        let streams = try MediaTool.probeStreams(try run.concatenated(.primary, into: dir.appendingPathComponent("p.ts")))
        XCTAssertEqual(streams.compactMap { $0["codec_name"] as? String }, ["h264", "aac", "aac", "scte_35"])
    }

    func testAddsTheProgramLevelCUEIWhenTheInputHasItOnlyInTheESLoop() throws {
        let clip = try TSOutputMedia.clip(esLoopRegistration: true)
        let sourceMap = try scan(clip.url).compactMap { e -> ProgramMap? in if case .programMap(let m) = e { return m }; return nil }
        XCTAssertEqual(sourceMap.first?.programRegistrations, [])
        let run = try earlyStrip(clip)
        let out = try scan(try run.concatenated(.primary, into: dir.appendingPathComponent("p.ts")))
        let map = out.compactMap { e -> ProgramMap? in if case .programMap(let m) = e { return m }; return nil }.first
        XCTAssertEqual(map?.programRegistrations, ["CUEI"])
        XCTAssertEqual(map?.streams.last?.registrations, ["CUEI"])              // the ES loop's is kept
    }
}
