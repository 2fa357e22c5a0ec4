import CFFmpeg
import XCTest
@testable import Packager

/// H.264 in fMP4: with `muxerExtradata()` as the stream's extradata, the one init segment lists the
/// source's SPS/PPS and the re-encoder's (other ids), so a splice needs no new EXT-X-MAP.
final class FragmentedMP4ParameterSetTests: XCTestCase {
    func testInitSegmentCarriesBothParameterSetPairsAndTheSpliceDecodes() throws {
        FFmpegLibraries.quietLogs()
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try SpliceSource.make("avc.ts", in: directory, rate: "30000/1001", seconds: 2, audio: false, video: [
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-x264-params", "keyint=30:min-keyint=30:scenecut=0:bframes=2"])
        let cutter = try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: "avc.ts")
        let extradata = try XCTUnwrap(try cutter.muxerExtradata(frameDuration: source.frameTicks))
        try replaceExtradata(of: source, with: extradata)

        let splice = source.pts(ofFrame: 40)
        let window = try source.window(for: splice)
        let cut = try cutter.cut(window.packets, at: splice)
        let asset = directory.appendingPathComponent("asset.mp4")
        try SplicePieceWriter.write([SplicePieceWriter.Piece(video: SplicePieceWriter.spliced(cut.after)
                                        + SplicePieceWriter.sourceVideo(source, window.end..<source.video.count))],
                                    source: source, format: .fmp4, to: asset)
        XCTAssertEqual(try SpliceTool.decodeErrors(asset), "")

        let record = try XCTUnwrap(avcC(in: [UInt8](try Data(contentsOf: asset))))
        let sets = DecoderConfigurationRecord.parameterSets(extradata: record, codec: .h264)
        XCTAssertEqual(sets.compactMap(H264ParameterSetID.sps), [0, 1])
        XCTAssertEqual(sets.compactMap { H264ParameterSetID.pps($0)?.pps }, [0, 1])
        // The re-encoded IDR's in-band sets are the very ones the init segment lists.
        let idr = try XCTUnwrap(cut.after.first)
        let inBand = NALPacketFormat.annexB.units(idr.packet.bytes).filter(SpliceCodec.h264.isParameterSet).map(Array.init)
        XCTAssertEqual(inBand, sets.filter { H264ParameterSetID.sps($0) == 1 || H264ParameterSetID.pps($0)?.pps == 1 })
    }

    func testHEVCHasNoMergedExtradata() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try SpliceSource.make("hevc.ts", in: directory, rate: "25", seconds: 1, audio: false,
                                           video: ["-c:v", "libx265", "-x265-params", "log-level=error"])
        let cutter = try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: "hevc.ts")
        XCTAssertNil(try cutter.muxerExtradata(frameDuration: 3600))
    }

    /// What the segmenter will do when it builds its fMP4 muxer (test-only: the snapshot is shared state).
    private func replaceExtradata(of source: SpliceSource, with bytes: [UInt8]) throws {
        let par = UnsafeMutablePointer(mutating: try XCTUnwrap(source.snapshot.parameters(of: source.videoIndex)))
        av_freep(&par.pointee.extradata)
        let buffer = try XCTUnwrap(av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self))
        buffer.update(from: bytes, count: bytes.count)
        par.pointee.extradata = buffer
        par.pointee.extradata_size = Int32(bytes.count)
    }

    /// The payload of the first `avcC` box in an MP4 file.
    private func avcC(in bytes: [UInt8]) -> [UInt8]? {
        let tag: [UInt8] = Array("avcC".utf8)
        guard let at = (4..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else { return nil }
        let size = bytes[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
        return Array(bytes[(at + 4)..<(at - 4 + size)])
    }
}
