import Foundation
import XCTest
@testable import Packager

/// fMP4 segments carry exactly the media their EXTINF promises (the init segment is split off
/// the first fragment, which must not take that fragment's media with it or delay it).
final class VodFragmentedMP4Tests: XCTestCase {
    private var runs: [VodRun] = []
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try TestMedia.temporaryDirectory()
    }

    override func tearDown() {
        runs.forEach { $0.cleanUp() }
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Decoded video frames of each segment of `playlist`, with the EXTINF-derived expectation.
    private func framesPerSegment(_ run: VodRun, _ playlist: String) throws -> (got: [Int?], want: [Int]) {
        let url = run.output.appendingPathComponent(playlist + "/index.m3u8")
        let text = try MediaPlaylistText(url: url)
        let decoded = try MediaCheck.decodeSegments(of: url, scratch: scratch)
        return (decoded.map(\.videoFrames), text.segments.map { Int(($0.duration * 30).rounded()) })
    }

    func testFirstFMP4SegmentOfThePrimaryHoldsTheFramesItsEXTINFPromises() throws {
        let r = try VodRun.make(.live, format: .fmp4)
        runs.append(r)
        let segment0 = r.output.appendingPathComponent("primary/seg_00000.m4s")
        let size = try FileManager.default.attributesOfItem(atPath: segment0.path)[.size] as? Int
        XCTAssertGreaterThan(size ?? 0, 0, "primary/seg_00000.m4s (EXTINF 2.000) has bytes")
        let (got, want) = try framesPerSegment(r, "primary")
        // live_scte35 strip: 0–2 s, then 6 s segments from 12 s (primary 2 s) on.
        XCTAssertEqual(Array(want.prefix(3)), [60, 180, 180])
        XCTAssertEqual(Array(got.prefix(3)), [60, 180, 180], "frames of seg_00000…00002")
    }

    func testSingleSegmentFMP4AssetCarriesItsMedia() throws {
        // With 60 s segments every span of live_scte35 (10, 30, 20 s) is one asset segment.
        let r = try VodRun.make(.live, format: .fmp4) { $0.segmentDuration = 60 }
        runs.append(r)
        let assets = try r.assetDirectories()
        XCTAssertEqual(assets.count, 3)
        for (asset, span) in zip(assets, VodSample.live.spans) {
            let (got, want) = try framesPerSegment(r, asset)
            XCTAssertEqual(want, [Int(span.length * 30)], asset)
            XCTAssertEqual(got, [Int(span.length * 30)], "\(asset): decoded frames of its only segment")
        }
    }

    func testEveryFMP4SegmentFileHasBytes() throws {
        for sample in VodSample.all {
            let r = try VodRun.make(sample, format: .fmp4)
            runs.append(r)
            for playlist in ["primary"] + (try r.assetDirectories()) {
                let text = try r.playlist(playlist + "/index.m3u8")
                let empty = try text.segments.filter { segment in
                    let path = r.output.appendingPathComponent(playlist + "/" + segment.uri).path
                    return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) == 0
                }.map(\.uri)
                XCTAssertEqual(empty, [], "\(r.label) \(playlist): empty segment files")
            }
        }
    }
}
