import CueDetect
import Foundation
import XCTest
@testable import Packager

/// In-band SCTE-35 through `pkgctl vod --splice accurate` to TS: threefive reads every section
/// of the source back out of the primary and the assets, on a PID the PMT lists as 0x86 with
/// `CUEI`, CRC intact, and each splice time still names the same content — the picture just
/// before it is the source's picture just before its splice.
final class SCTE35PassthroughSpliceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func testThreefiveReadsEverySectionWithItsSpliceOnTheSameContentFrame() throws {
        let check = try VodAccurateSpliceTests.source(rate: "25")
        let source = check.source
        // Two breaks, every edge inside a GOP (keyframes every 50 pictures); each cue 1 s ahead.
        let breaks = [(out: 123, in: 161, event: UInt32(1)), (out: 236, in: 281, event: UInt32(2))]
        var sections: [(bytes: [UInt8], arrival: Int64)] = []
        var sourceSplice: [[UInt8]: Int] = [:]           // section → the picture its splice names
        for b in breaks {
            let outPTS = source.pts(ofFrame: b.out), inPTS = source.pts(ofFrame: b.in)
            let out = TSOutputMedia.spliceInsert(event: b.event, out: true, pts: outPTS, breakTicks: inPTS - outPTS)
            let back = TSOutputMedia.spliceInsert(event: b.event, out: false, pts: inPTS, breakTicks: nil)
            sections += [(out, outPTS - 90_000), (back, inPTS - 90_000)]
            sourceSplice[out] = b.out
            sourceSplice[back] = b.in
        }
        let input = directory.appendingPathComponent("in-band.ts")
        try Data(try SCTE35Threefive.inject(TestMedia.bytes(source.url), sections: sections)).write(to: input)
        XCTAssertEqual(try SCTE35Threefive.read(input).map(\.bytes), sections.map(\.bytes), "threefive reads the source's sections")

        var options = VodOptions()
        options.segmentDuration = 2
        let output = directory.appendingPathComponent("out")
        let report = try VodPipeline.run(input: input.path, output: output, options: options)
        XCTAssertEqual(report.splices?.edges.map(\.method), Array(repeating: .accurate, count: 4))
        XCTAssertEqual(report.spans.count, 2)

        let primary = try MediaPlaylistText(url: output.appendingPathComponent("primary/index.m3u8"))
        let assets = primary.interstitials.compactMap { $0["X-ASSET-URI"] }.compactMap { uri in
            uri.range(of: "assets/").map { String(uri[$0.lowerBound...].prefix { $0 != "?" }) }
        }
        XCTAssertEqual(assets.count, 2)
        var found: [[UInt8]] = []
        for playlist in ["primary/index.m3u8"] + assets {
            let url = output.appendingPathComponent(playlist)
            let text = try MediaPlaylistText(url: url)
            let joined = directory.appendingPathComponent(playlist.replacingOccurrences(of: "/", with: "-") + ".ts")
            var data = Data()
            for segment in text.segments { data += try Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(segment.uri)) }
            try data.write(to: joined)

            let maps = try SCTE35Threefive.programMaps(joined)
            XCTAssertFalse(maps.isEmpty, playlist)
            for map in maps {
                XCTAssertEqual(map.streams.first { $0.pid == SCTE35Threefive.pid }?.streamType, 0x86, "\(playlist): PMT entry")
                XCTAssertEqual(map.programRegistrations, ["CUEI"], "\(playlist): registration descriptor")
            }
            let reads = try SCTE35Threefive.read(joined)
            let pictures = try SpliceTool.lumaFrames(joined, width: check.width, height: check.height)
            let times = try displayPTS(joined)
            XCTAssertEqual(pictures.count, times.count, playlist)
            for read in reads {
                XCTAssertEqual(CRC32MPEG2.checksum(read.bytes), 0, "\(playlist): CRC recomputed")
                let decoded = try SpliceInfoSection.decode(read.bytes)
                XCTAssertEqual(UInt64(read.ptsAdjustment), decoded.ptsAdjustment, "\(playlist): threefive and pkgctl agree")
                let splice = try XCTUnwrap(decoded.spliceTimeAdjusted)
                // The same section in the source (pts_adjustment 0 there), by everything but the adjustment.
                let original = try XCTUnwrap(sourceSplice.first { key, _ in
                    (try? SpliceInfoSection.decode(key))?.command == decoded.command
                }, "\(playlist): a section of the source")
                found.append(original.key)
                let before = try XCTUnwrap(times.lastIndex { $0 < Int64(splice) }, "\(playlist): a picture before the splice")
                FrameMatch.assertShows([pictures[before]], sourceFrames: check.sourceFrames, from: original.value - 1,
                                       exact: { _ in false }, "\(playlist): the picture before the splice at \(splice)")
            }
        }
        XCTAssertEqual(Set(found), Set(sections.map(\.bytes)), "every section reaches the output")
        XCTAssertEqual(found.count, sections.count, "each once")
    }

    /// Video PTS of `file` in display order (90 kHz).
    private func displayPTS(_ file: URL) throws -> [Int64] {
        let run = try SpliceTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts",
                                                 "-of", "csv=p=0", file.path])
        return String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .compactMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))) }.sorted()
    }
}
