import XCTest
@testable import Packager

/// Frame-accurate splices of H.264 High with B-frames (pyramid), 25 fps, closed GOPs (IDR
/// keyframes), through `VideoSpliceCutter`, both sides muxed to MPEG-TS and fMP4 by `SegmentMuxer`.
final class H264SpliceTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    /// 4 s at 25 fps, an IDR every 50 pictures (display 0 and 50), three B-frames with pyramid.
    private func media() throws -> SpliceCheck {
        try Self.cache.check("h264-closed.ts") { directory in
            try SpliceSource.make("h264-closed.ts", in: directory, rate: "25", seconds: 4, video: [
                "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=50:min-keyint=50:scenecut=0:open-gop=0:bframes=3:b-pyramid=normal"])
        }
    }

    override class func tearDown() { cache.remove() }

    func testSpliceInsideAGOPGivesExactSidesInTS() throws {
        let result = try media().splice(atFrame: 37, format: .ts)
        XCTAssertGreaterThan(result.cost.framesReencoded, 0)
        XCTAssertEqual(result.after.first?.origin, .reencoded)
        XCTAssertTrue(result.after.first?.packet.isKeyframe ?? false, "the far side starts with an IDR")
    }

    func testSpliceInsideAGOPGivesExactSidesInFragmentedMP4() throws {
        try media().splice(atFrame: 37, format: .fmp4)
    }

    /// The cutter reads a picture's first slice header from its first kilobyte; behind a longer
    /// SEI it reads the whole picture, and finds the same non-reference pictures.
    func testNonReferencePicturesAreFoundBehindAnSEILongerThanTheBytesFirstRead() throws {
        let check = try media()
        let source = check.source
        let window = try source.window(for: source.pts(ofFrame: 37)).packets
        let cutter = try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: "h264-closed.ts")
        let sei: [UInt8] = [0, 0, 0, 1, 0x06, 0x05, 0xFF, 0xFF, 0x07] + [UInt8](repeating: 0xA5, count: 1900) + [0x80]
        let padded = try window.map { item -> SpliceInputPacket in
            guard !item.packet.isKeyframe else { return item }
            let packet = try XCTUnwrap(item.packet.withBytes(sei + item.packet.bytes))
            return SpliceInputPacket(packet: packet, pts: item.pts, dts: item.dts)
        }
        let plain = cutter.inspect(window), behindSEI = cutter.inspect(padded)
        XCTAssertEqual(behindSEI, plain)
        XCTAssertGreaterThan(plain.filter(\.isNonReference).count, 5, "the window's B-frames without references")
    }

    func testSpliceOnAnAnchorReencodesOnlyTheFarSide() throws {
        // Picture 13 is a P-frame: every picture before it is decoded before it, so nothing on the
        // near side needs re-encoding.
        let check = try media()
        let result = try check.splice(atFrame: 13, format: .ts)
        XCTAssertFalse(result.before.contains { $0.origin == .reencoded })
        XCTAssertEqual(result.cost.framesReencoded, 50 - 13)
    }

    func testSpliceJustBeforeTheNextKeyframe() throws {
        let result = try media().splice(atFrame: 49, format: .ts)
        XCTAssertEqual(result.after.map(\.origin).prefix(2), [.reencoded, .rewrittenKeyframe])
        XCTAssertEqual(result.notes, [])
    }

    func testSpliceAtAnIDRChangesNothing() throws {
        let result = try media().splice(atFrame: 50, format: .ts)
        XCTAssertEqual(result.cost.framesReencoded, 0)
        XCTAssertEqual(result.cost.framesDecoded, 0)
        XCTAssertFalse((result.before + result.after).contains { $0.origin == .reencoded })
    }
}
