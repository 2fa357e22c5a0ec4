import CueDetect
import XCTest
@testable import Packager

final class TSSegmentOutputTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func stripRun(_ clip: TSOutputMedia.Made, placement: Placement = .strip,
                          layout: TSOutputRouter.Layout = .filePerSegment) throws -> TSEngineRun {
        try TSEngineRun.cut(clip.url, into: dir, targetSeconds: 2, spans: [
            TSCutSpan(serial: 1, startTicks: clip.ticks(TSOutputMedia.outAt), endTicks: clip.ticks(TSOutputMedia.inAt),
                      placement: placement),
        ], layout: layout)
    }

    func testCutsAtKeyframesEveryTwoSecondsAndAtTheSpanEdges() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip)
        XCTAssertEqual(run.segments.filter { $0.target == .primary }.map(\.durationTicks), [180_000, 180_000, 180_000, 180_000, 90_000])
        XCTAssertEqual(run.segments.filter { $0.target == .asset(AssetKey(span: 1, piece: 0)) }.map(\.durationTicks), [180_000, 90_000])
        XCTAssertEqual(run.spans.first?.cutIn, clip.ticks(4))
        XCTAssertEqual(run.spans.first?.cutOut, clip.ticks(7))
        XCTAssertEqual(run.shift, 270_000)
    }

    func testEverySegmentDecodesWithoutAnError() throws {
        let run = try stripRun(try TSOutputMedia.clip())
        XCTAssertEqual(run.segments.count, 7)
        for segment in run.segments {
            XCTAssertEqual(try MediaTool.decodeErrors(URL(fileURLWithPath: segment.written.path)), "", segment.written.path)
        }
    }

    func testEverySegmentStartsWithThePATThenThePMT() throws {
        let run = try stripRun(try TSOutputMedia.clip())
        for segment in run.segments {
            let packets = TSTestPacket.all(try TestMedia.bytes(URL(fileURLWithPath: segment.written.path)))
            XCTAssertEqual(packets.prefix(2).map(\.pid), [0, 0x1000], segment.written.path)
            XCTAssertEqual(packets.prefix(2).map(\.unitStart), [true, true])
            XCTAssertEqual(packets[0].payload.prefix(2), [0x00, 0x00])         // pointer_field, table_id PAT
            XCTAssertEqual(packets[1].payload.prefix(2), [0x00, 0x02])         // pointer_field, table_id PMT
        }
    }

    func testContinuityCountersRunOnAcrossEachOutputsSegments() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip)
        for target in [OutputTarget.primary, .asset(AssetKey(span: 1, piece: 0))] {
            let packets = TSTestPacket.all(try TestMedia.bytes(try run.concatenated(target, into: dir.appendingPathComponent("all.ts"))))
            XCTAssertEqual(TSTestPacket.continuityBreaks(packets), [:], "\(target)")
            // Every PID goes through, the SDT (0x11) too; the OUT cue arrives before the span
            // (primary), the IN cue inside it (asset).
            XCTAssertEqual(Set(packets.map(\.pid)), [0, 0x11, 0x1000, 0x100, 0x101, 0x102, 0x1F5], "\(target)")
        }
    }

    func testOverlayOutputDecodesToTheSourcesFramesAndAudio() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip, placement: .overlay)
        let all = try run.concatenated(.primary, into: dir.appendingPathComponent("primary.ts"))
        let maps = ["0:v", "0:a:0", "0:a:1"]
        let source = try MediaTool.frameHashes(clip.url, maps: maps, copy: false)
        let output = try MediaTool.frameHashes(all, maps: maps, copy: false)
        XCTAssertEqual(output.count, source.count)
        try FrameLines.assertSame(output, source, tolerance: 1)
    }

    func testStripOutputHoldsTheSourcesPacketsOutsideTheSpanShiftedBack() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip)
        let all = try run.concatenated(.primary, into: dir.appendingPathComponent("primary.ts"))
        let maps = ["0:v", "0:a:0", "0:a:1"]
        let (cutIn, cutOut) = (clip.ticks(4), clip.ticks(7))
        // The source's packets outside [cut in, cut out) by PTS, later ones 3 s earlier.
        let source = try MediaTool.frameHashes(clip.url, maps: maps, copy: true).compactMap { f -> [String]? in
            guard let pts = Int64(f[2]), let dts = Int64(f[1]) else { return nil }
            if pts >= cutIn && pts < cutOut { return nil }
            let shift: Int64 = pts >= cutOut ? cutOut - cutIn : 0
            return [f[0], String(dts - shift), String(pts - shift)] + f[3...]
        }
        let output = try MediaTool.frameHashes(all, maps: maps, copy: true)
        XCTAssertEqual(output.count, source.count)
        try FrameLines.assertSame(output, source, tolerance: 1)
        let asset = try run.concatenated(.asset(AssetKey(span: 1, piece: 0)), into: dir.appendingPathComponent("asset.ts"))
        let inSpan = try MediaTool.frameHashes(clip.url, maps: maps, copy: true).filter {
            (Int64($0[2]) ?? 0) >= cutIn && (Int64($0[2]) ?? 0) < cutOut
        }
        try FrameLines.assertSame(try MediaTool.frameHashes(asset, maps: maps, copy: true), inSpan, tolerance: 1)
    }

    func testStripMovesPCRBackByTheSameShiftAsPTS() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip)
        let source = TSTestPacket.all(clip.bytes)
        let output = TSTestPacket.all(try TestMedia.bytes(try run.concatenated(.primary, into: dir.appendingPathComponent("p.ts"))))
        let after = UInt64(clip.ticks(7))
        let firstAfter = try XCTUnwrap(source.firstIndex { $0.pid == 0x100 && $0.pts == after })
        let sourcePCR = try XCTUnwrap(source[firstAfter...].first { $0.pcr != nil }?.pcr)
        let shifted = try XCTUnwrap(output.firstIndex { $0.pid == 0x100 && $0.pts == after - 270_000 })
        XCTAssertEqual(output[shifted...].first { $0.pcr != nil }?.pcr, sourcePCR - 270_000)
    }

    func testSingleFileSegmentsAreContiguousByteRangesThatDecode() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip, layout: .singleFile)
        let primary = run.segments.filter { $0.target == .primary }
        XCTAssertEqual(primary.count, 5)
        XCTAssertEqual(Set(primary.map(\.written.path)).count, 1)
        var offset: Int64 = 0
        for s in primary {
            XCTAssertEqual(s.written.offset, offset)
            offset += s.written.length
            let piece = dir.appendingPathComponent("piece.ts")
            let bytes = try TestMedia.bytes(URL(fileURLWithPath: s.written.path))[Int(s.written.offset)..<Int(offset)]
            try Data(bytes).write(to: piece)
            XCTAssertEqual(try MediaTool.decodeErrors(piece), "")
            XCTAssertEqual(TSTestPacket.all(Array(bytes)).prefix(2).map(\.pid), [0, 0x1000])
        }
        let size = try FileManager.default.attributesOfItem(atPath: primary[0].written.path)[.size] as? Int
        XCTAssertEqual(Int64(size ?? -1), offset)
    }
}

extension TSSegmentOutputTests {
    /// Overlay: the asset is cut at the same points as the primary and carries the same packets
    /// (its own file, its own continuity counters), so each asset segment is as long as the
    /// primary's for the same stretch.
    func testOverlayAssetSegmentsCarryThePrimarysMediaDuringTheSpan() throws {
        let clip = try TSOutputMedia.clip()
        let run = try stripRun(clip, placement: .overlay)
        let asset = run.segments.filter { $0.target == .asset(AssetKey(span: 1, piece: 0)) }
        XCTAssertEqual(asset.map(\.durationTicks), [180_000, 90_000])
        XCTAssertEqual(asset.map(\.startTicks), [clip.ticks(4), clip.ticks(6)])
        let primary = run.segments.filter { $0.target == .primary }
        XCTAssertEqual(primary.map(\.durationTicks), [180_000, 180_000, 180_000, 90_000, 180_000, 180_000, 90_000])
        XCTAssertEqual(asset.map(\.written.length), primary[2...3].map(\.written.length))
        XCTAssertNotEqual(asset.map(\.written.path), primary[2...3].map(\.written.path))
        XCTAssertEqual(primary.map(\.isLast), [false, false, false, false, false, false, true])
        XCTAssertEqual(asset.map(\.isLast), [false, true])
    }
}

extension TSSegmentOutputTests {
    func testCopyFileRangePassthroughWritesTheSameBytesAsTheBufferedPath() throws {
        let clip = try TSOutputMedia.clip()
        let spans = [TSCutSpan(serial: 1, startTicks: clip.ticks(4), endTicks: clip.ticks(7), placement: .strip)]
        let buffered = dir.appendingPathComponent("buffered"), kernel = dir.appendingPathComponent("kernel")
        for d in [buffered, kernel] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let a = try TSEngineRun.cut(clip.url, into: buffered, spans: spans, passthroughThreshold: .max)
        let b = try TSEngineRun.cut(clip.url, into: kernel, spans: spans, passthroughThreshold: 188)
        XCTAssertEqual(a.segments.map(\.written.passedThrough).reduce(0, +), 0)
        // Before the strip nothing changes but the tables and the audio split at 4 s.
        XCTAssertGreaterThan(b.segments.map(\.written.passedThrough).reduce(0, +), 100_000)
        XCTAssertEqual(a.segments.count, b.segments.count)
        for (x, y) in zip(a.segments, b.segments) {
            XCTAssertEqual(try TestMedia.bytes(URL(fileURLWithPath: x.written.path)),
                           try TestMedia.bytes(URL(fileURLWithPath: y.written.path)), y.written.path)
        }
    }
}
