import Foundation
import XCTest
@testable import Packager

/// Live segments muxed straight into the directory sink's spools are the bytes the in-memory
/// path publishes, and no spool outlives its segment.
final class LiveSpoolTests: TemporaryDirectoriesTestCase {

    func testTSSegmentsSpooledWhileMuxedEqualThoseCollectedInMemory() throws {
        try assertSpooledEqualsInMemory(.ts)
    }

    /// fMP4's first segment's first fragment goes through memory (the init segment is split off
    /// it) and is written into the spool when it closes; the rest are spooled as they close.
    func testFMP4SegmentsSpooledWhileMuxedEqualThoseCollectedInMemory() throws {
        try assertSpooledEqualsInMemory(.fmp4)
    }

    /// With one fragment per segment the first segment of each output goes through memory whole.
    func testFMP4WholeSegmentsSpooledWhileMuxedEqualThoseCollectedInMemory() throws {
        try assertSpooledEqualsInMemory(.fmp4, fragmentDuration: nil)
    }

    private func assertSpooledEqualsInMemory(_ format: SegmentMuxerFormat, fragmentDuration: Double? = 1) throws {
        func run(spools: Bool) throws -> (URL, spooledPuts: Int, directBytes: Int) {
            let dir = try temporaryDirectory()
            let run = try InProcessLive.runKeepingEverything({
                $0.segmentFormat = format
                $0.fragmentDuration = fragmentDuration
            }, input: TestMedia.liveTS, output: dir, spools: spools)
            XCTAssertEqual(run.outcome, .stopped)
            return (dir, run.sink.spooledPuts, run.sink.spooledDirectBytes)
        }
        let (spooled, spooledPuts, directBytes) = try run(spools: true), (inMemory, inMemoryPuts, _) = try run(spools: false)
        // The TS writer hands its spools whole 4 KiB blocks, written with O_DIRECT (the sink
        // fsyncs what it publishes); fMP4 goes through libavformat's or pkgctl's muxer buffers.
        if format == .ts { XCTAssertGreaterThan(directBytes, 1_000_000) } else { XCTAssertEqual(directBytes, 0) }
        let media = try mediaFiles(under: inMemory)
        // 180 s of media: the primary's segments and the assets' (the breaks are overlaid).
        XCTAssertGreaterThan(media.count, 30)
        XCTAssertEqual(inMemoryPuts, 0)
        // Every segment but each fMP4 output's init segment (primary, each asset), and with one
        // fragment per segment its first segment.
        let unspooled = format == .ts ? 0 : (fragmentDuration == nil ? 2 : 1) * outputs(in: media)
        XCTAssertEqual(spooledPuts, media.count - unspooled)
        XCTAssertEqual(try mediaFiles(under: spooled), media)
        for name in media {
            XCTAssertEqual(try Data(contentsOf: spooled.appendingPathComponent(name)),
                           try Data(contentsOf: inMemory.appendingPathComponent(name)), name)
        }
        XCTAssertEqual(try PublishTestFolder.spools(under: spooled), [])
    }

    /// Directories holding media: the primary and one per asset.
    private func outputs(in media: [String]) -> Int {
        Set(media.map { ($0 as NSString).deletingLastPathComponent }).count
    }

    private func mediaFiles(under root: URL) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return names.filter { name in [".ts", ".m4s", ".mp4"].contains { name.hasSuffix($0) } }.sorted()
    }
}
