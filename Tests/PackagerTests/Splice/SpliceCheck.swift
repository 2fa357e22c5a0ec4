import Foundation
import XCTest
@testable import Packager

/// One frame-accurate splice of a `SpliceSource` at display picture `frame`, both sides muxed
/// with `SegmentMuxer` and checked with the ffmpeg CLI: clean decode, exact picture counts, the
/// far side's first picture is the spliced one, untouched pictures bit-exact, audio edges within
/// one AAC frame.
struct SpliceCheck {
    let source: SpliceSource
    let directory: URL
    let sourceFrames: [[UInt8]]
    let width: Int
    let height: Int

    init(_ source: SpliceSource, in directory: URL, width: Int = 320, height: Int = 180) throws {
        self.source = source
        self.directory = directory
        self.width = width
        self.height = height
        sourceFrames = try SpliceTool.lumaFrames(source.url, width: width, height: height)
        XCTAssertEqual(sourceFrames.count, source.video.count, "the source decodes to one picture per packet")
    }

    @discardableResult
    func splice(atFrame frame: Int, format: SegmentMuxer.Format, keyframeMode: Bool = false,
                file: StaticString = #filePath, line: UInt = #line) throws -> VideoSplice {
        let splice = source.pts(ofFrame: frame)
        let window = try source.window(for: splice)
        let cutter = try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex,
                                           input: source.url.lastPathComponent)
        let result = keyframeMode ? try cutter.cutAtKeyframe(window.packets, at: splice) : try cutter.cut(window.packets, at: splice)
        let label = "\(source.url.lastPathComponent) frame \(frame) \(format.rawValue)\(keyframeMode ? " keyframe mode" : "")"
        let landed = source.displayPTS.firstIndex(of: result.landedPTS) ?? -1
        if !keyframeMode { XCTAssertEqual(landed, frame, label, file: file, line: line) }

        let near = SplicePieceWriter.Piece(
            video: SplicePieceWriter.sourceVideo(source, 0..<window.start) + SplicePieceWriter.spliced(result.before),
            audio: SplicePieceWriter.audio(source, from: nil, to: result.landedPTS))
        var rest = SplicePieceWriter.sourceVideo(source, window.end..<source.video.count)
        if let continuation = result.continuation {
            rest = try rest.map { (try continuation.apply($0.packet), $0.dts) }
        }
        let far = SplicePieceWriter.Piece(
            video: SplicePieceWriter.spliced(result.after) + rest,
            audio: SplicePieceWriter.audio(source, from: result.landedPTS, to: nil))
        let ext = format == .ts ? "ts" : "mp4"
        let nearFile = directory.appendingPathComponent("near-\(frame)\(keyframeMode ? "-k" : "").\(ext)")
        let farFile = directory.appendingPathComponent("far-\(frame)\(keyframeMode ? "-k" : "").\(ext)")
        try SplicePieceWriter.write([near], source: source, format: format, to: nearFile)
        try SplicePieceWriter.write([far], source: source, format: format, to: farFile)

        XCTAssertEqual(try SpliceTool.decodeErrors(nearFile), "", "\(label): near side decodes cleanly", file: file, line: line)
        XCTAssertEqual(try SpliceTool.decodeErrors(farFile), "", "\(label): far side decodes cleanly", file: file, line: line)

        let nearFrames = try SpliceTool.lumaFrames(nearFile, width: width, height: height)
        let farFrames = try SpliceTool.lumaFrames(farFile, width: width, height: height)
        let dropped = keyframeMode ? result.notes.reduce(0) { n, note in
            if case .leadingPicturesDropped(let count, _) = note { return n + count } else { return n } } : 0
        XCTAssertEqual(nearFrames.count, landed - dropped, "\(label): near side has every picture before the cut", file: file, line: line)
        XCTAssertEqual(farFrames.count, source.video.count - landed, "\(label): far side has every picture from the cut", file: file, line: line)

        // Pictures before the first re-encoded one (near) and from the resume keyframe on (far) are untouched.
        let firstReencoded = (result.before + result.after).filter { $0.origin == .reencoded }.map(\.pts).min() ?? .max
        let resume = result.after.first { $0.origin == .rewrittenKeyframe }?.pts ?? .max
        FrameMatch.assertShows(nearFrames, sourceFrames: sourceFrames, from: 0,
                               exact: { source.pts(ofFrame: $0) < firstReencoded }, "\(label) near", file: file, line: line)
        FrameMatch.assertShows(farFrames, sourceFrames: sourceFrames, from: landed,
                               exact: { source.pts(ofFrame: landed + $0) >= resume }, "\(label) far", file: file, line: line)

        if source.audioIndex != nil { try checkAudio(near: nearFile, far: farFile, cut: result.landedPTS, label, file: file, line: line) }
        return result
    }

    /// Each side's decoded audio spans from its first frame to the cut (near) or from the cut to the
    /// end of the source's audio (far) within one AAC frame.
    private func checkAudio(near: URL, far: URL, cut: Int64, _ label: String, file: StaticString, line: UInt) throws {
        let ticks = source.ticksPerSecond
        let audioScale = source.audioIndex.flatMap { source.snapshot.timeBases[$0] }.map { Double($0.num) / Double($0.den) } ?? 1
        guard let first = source.audio.first, let last = source.audio.last else { return XCTFail("\(label): no audio") }
        let start = Double(first.pts) * audioScale, end = Double(last.pts + last.duration) * audioScale
        let cutSeconds = Double(cut) / ticks
        let frame = 1024.0 / 48_000
        let nearSeconds = Double(try SpliceTool.audioSamples(near)) / 48_000
        let farSeconds = Double(try SpliceTool.audioSamples(far)) / 48_000
        XCTAssertEqual(nearSeconds, cutSeconds - start, accuracy: frame, "\(label): near audio ends at the cut", file: file, line: line)
        XCTAssertEqual(farSeconds, end - cutSeconds, accuracy: frame, "\(label): far audio starts at the cut", file: file, line: line)
    }
}
