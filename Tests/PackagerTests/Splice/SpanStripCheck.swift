import Foundation
import XCTest
@testable import Packager

/// A span [S1, S2) cut out of a source the way a segmenter would do it: splices applied in stream
/// order, each to the stream as the previous one left it (so a window may start at the previous
/// splice's resume keyframe), the primary re-timed across the gap, the span's packets its asset.
struct SpanStripCheck {
    let check: SpliceCheck
    var source: SpliceSource { check.source }

    struct Result {
        var primary: URL
        var asset: URL
        var cuts: [VideoSplice]
    }

    func strip(fromFrame first: Int, toFrame end: Int, format: SegmentMuxer.Format,
               file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let cutter = try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: source.url.lastPathComponent)
        var stream = source.video
        var splits: [Int] = []
        var cuts: [VideoSplice] = []
        for frame in [first, end] {
            let splice = source.pts(ofFrame: frame)
            let frames = stream.map { SpliceFrame(pts: $0.pts, dts: $0.dts, isKeyframe: $0.packet.isKeyframe) }
            let start = try XCTUnwrap(SpliceWindowRule.windowStart(frames, splice: splice))
            XCTAssertGreaterThanOrEqual(start, splits.last ?? 0, "a window never reaches back over an earlier cut", file: file, line: line)
            let length = SpliceWindowRule.windowLength(Array(frames[start...]), splice: splice) ?? (frames.count - start)
            let cut = try cutter.cut(Array(stream[start..<(start + length)]), at: splice)
            let replaced = (cut.before + cut.after).map { SpliceInputPacket(packet: $0.packet, pts: $0.pts, dts: $0.dts) }
            if let continuation = cut.continuation {
                for index in (start + length)..<stream.count {
                    stream[index] = SpliceInputPacket(packet: try continuation.apply(stream[index].packet),
                                                      pts: stream[index].pts, dts: stream[index].dts)
                }
            }
            stream.replaceSubrange(start..<(start + length), with: replaced)
            splits.append(start + cut.before.count)
            cuts.append(cut)
        }
        let s1 = source.pts(ofFrame: first), s2 = source.pts(ofFrame: end)
        let gap = Int64((Double(s2 - s1) / source.ticksPerSecond * 90_000).rounded())
        let video = { (range: Range<Int>) in stream[range].map { ($0.packet, $0.dts) } }
        let primaryPieces = [
            SplicePieceWriter.Piece(video: video(0..<splits[0]), audio: SplicePieceWriter.audio(source, from: nil, to: s1)),
            SplicePieceWriter.Piece(video: video(splits[1]..<stream.count), audio: SplicePieceWriter.audio(source, from: s2, to: nil), shift: gap),
        ]
        let assetPiece = SplicePieceWriter.Piece(video: video(splits[0]..<splits[1]), audio: SplicePieceWriter.audio(source, from: s1, to: s2))
        let ext = format == .ts ? "ts" : "mp4"
        let primary = check.directory.appendingPathComponent("primary-\(first)-\(end).\(ext)")
        let asset = check.directory.appendingPathComponent("asset-\(first)-\(end).\(ext)")
        try SplicePieceWriter.write(primaryPieces, source: source, format: format, to: primary)
        try SplicePieceWriter.write([assetPiece], source: source, format: format, to: asset)

        let label = "\(source.url.lastPathComponent) strip \(first)..<\(end) \(format.rawValue)"
        XCTAssertEqual(try SpliceTool.decodeErrors(primary), "", "\(label): primary decodes cleanly", file: file, line: line)
        XCTAssertEqual(try SpliceTool.decodeErrors(asset), "", "\(label): asset decodes cleanly", file: file, line: line)
        let reencoded = Set(cuts.flatMap { $0.before + $0.after }.filter { $0.origin == .reencoded }.map(\.pts))
        let primaryFrames = try SpliceTool.lumaFrames(primary, width: check.width, height: check.height)
        let assetFrames = try SpliceTool.lumaFrames(asset, width: check.width, height: check.height)
        XCTAssertEqual(primaryFrames.count, source.video.count - (end - first), "\(label): primary pictures", file: file, line: line)
        XCTAssertEqual(assetFrames.count, end - first, "\(label): asset pictures", file: file, line: line)
        FrameMatch.assertShows(Array(primaryFrames.prefix(first)), sourceFrames: check.sourceFrames, from: 0,
                               exact: { !reencoded.contains(source.pts(ofFrame: $0)) }, "\(label) primary before", file: file, line: line)
        FrameMatch.assertShows(Array(primaryFrames.dropFirst(first)), sourceFrames: check.sourceFrames, from: end,
                               exact: { !reencoded.contains(source.pts(ofFrame: end + $0)) }, "\(label) primary after", file: file, line: line)
        FrameMatch.assertShows(assetFrames, sourceFrames: check.sourceFrames, from: first,
                               exact: { !reencoded.contains(source.pts(ofFrame: first + $0)) }, "\(label) asset", file: file, line: line)
        try assertContinuous(primary, label, file: file, line: line)
        return Result(primary: primary, asset: asset, cuts: cuts)
    }

    /// The primary's pictures are evenly spaced across the removed span: no timestamp jump that
    /// would need an EXT-X-DISCONTINUITY.
    private func assertContinuous(_ file: URL, _ label: String, file source: StaticString, line: UInt) throws {
        let run = try SpliceTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts",
                                                 "-of", "csv=p=0", file.path])
        let pts = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline)
            .compactMap { Int64($0.trimmingCharacters(in: CharacterSet(charactersIn: ", "))) }.sorted()
        let gaps = Set(zip(pts.dropFirst(), pts).map { $0 - $1 })
        XCTAssertEqual(gaps.count, 1, "\(label): one picture spacing across the primary, saw \(gaps.sorted())", file: source, line: line)
    }
}
