import XCTest
@testable import Packager

/// An MP4 source (length-prefixed NAL units, avcC extradata, 1/30000 time base): re-encoded and
/// rewritten packets keep the source's framing, for TS and fMP4 output alike. H.264 Main at
/// 29.97 fps with open GOPs (keyframes at 0, 45, 90). Video only: `PacketClock` unwraps as if
/// every stream ticked at 90 kHz in 33 bits, which puts MP4 audio and video on different timelines.
final class MP4SourceSpliceTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    private func media() throws -> SpliceCheck {
        try Self.cache.check("main.mp4") { directory in
            try SpliceSource.make("main.mp4", in: directory, rate: "30000/1001", seconds: 4, audio: false, video: [
                "-c:v", "libx264", "-profile:v", "main", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=45:min-keyint=45:scenecut=0:open-gop=1:bframes=2"])
        }
    }

    override class func tearDown() { cache.remove() }

    func testReencodedPacketsAreLengthPrefixedLikeTheSource() throws {
        let check = try media()
        let cutter = try VideoSpliceCutter(parameters: check.source.snapshot, streamIndex: check.source.videoIndex, input: "main.mp4")
        let splice = check.source.pts(ofFrame: 60)
        let result = try cutter.cut(check.source.window(for: splice).packets, at: splice)
        let first = try XCTUnwrap(result.after.first)
        let units = NALPacketFormat.lengthPrefixed(size: 4).units(first.packet.bytes)
        XCTAssertEqual(units.reduce(0) { $0 + $1.count + 4 }, first.packet.bytes.count, "every byte is in a 4-byte-length NAL unit")
        XCTAssertTrue(units.contains(where: SpliceCodec.h264.isIDR))
    }

    func testSpliceIntoTS() throws {
        try media().splice(atFrame: 60, format: .ts)
    }

    func testSpliceIntoFragmentedMP4() throws {
        try media().splice(atFrame: 60, format: .fmp4)
    }

    func testSpanIntoFragmentedMP4() throws {
        try SpanStripCheck(check: media()).strip(fromFrame: 20, toFrame: 70, format: .fmp4)
    }
}
