import XCTest
@testable import Packager

/// H.264 High with B-frames (pyramid) and open GOPs, 25 fps: the keyframe at 50 is a non-IDR I
/// picture with a recovery point, and the B-frame shown as 49 is decoded after it and predicts
/// from both GOPs. Every far side resumes there, so it becomes an IDR and later pictures are
/// renumbered (`SpliceContinuation`).
final class H264OpenGOPSpliceTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    private func media() throws -> SpliceCheck {
        try Self.cache.check("h264-open.ts") { directory in
            try SpliceSource.make("h264-open.ts", in: directory, rate: "25", seconds: 4, video: [
                "-c:v", "libx264", "-profile:v", "high", "-pix_fmt", "yuv420p", "-b:v", "400k",
                "-x264-params", "keyint=50:min-keyint=50:scenecut=0:open-gop=1:bframes=3:b-pyramid=normal"])
        }
    }

    override class func tearDown() { cache.remove() }

    func testSpliceInsideAGOPInTS() throws {
        let result = try media().splice(atFrame: 37, format: .ts)
        let resume = try XCTUnwrap(result.after.first { $0.origin == .rewrittenKeyframe })
        XCTAssertEqual(result.notes, [.resumeKeyframeMadeIDR(pts: resume.pts)])
        let slices = NALPacketFormat.annexB.units(resume.packet.bytes).filter(SpliceCodec.h264.isVCL)
        XCTAssertTrue(slices.allSatisfy(SpliceCodec.h264.isIDR))
    }

    func testSpliceInsideAGOPInFragmentedMP4() throws {
        try media().splice(atFrame: 37, format: .fmp4)
    }

    func testSpliceOnALeadingPictureOfTheNextKeyframe() throws {
        // Picture 49 is decoded after the keyframe at 50: the window reaches past that keyframe.
        let result = try media().splice(atFrame: 49, format: .ts)
        XCTAssertEqual(result.cost.framesReencoded, 1)
        XCTAssertEqual(result.after.map(\.origin).prefix(2), [.reencoded, .rewrittenKeyframe])
    }

    func testSpliceAtTheOpenKeyframeReencodesItsLeadingPictureBeforeTheCut() throws {
        let result = try media().splice(atFrame: 50, format: .ts)
        XCTAssertEqual(result.before.last?.origin, .reencoded, "picture 49 ends the near side, re-encoded")
        XCTAssertEqual(result.after.first?.origin, .rewrittenKeyframe)
        XCTAssertEqual(result.cost.framesReencoded, 1)
    }

    func testKeyframeModeDropsTheLeadingPictureAndDecodesCleanly() throws {
        let result = try media().splice(atFrame: 50, format: .ts, keyframeMode: true)
        XCTAssertEqual(result.notes, [.resumeKeyframeMadeIDR(pts: result.landedPTS), .leadingPicturesDropped(count: 1, pts: result.landedPTS)])
        XCTAssertEqual(result.cost.framesDecoded, 0)
    }

    func testSpanAcrossTheOpenKeyframeKeepsThePrimaryContinuous() throws {
        try SpanStripCheck(check: media()).strip(fromFrame: 30, toFrame: 62, format: .ts)
    }

    func testSpanInsideTheSecondGOPInFragmentedMP4() throws {
        try SpanStripCheck(check: media()).strip(fromFrame: 55, toFrame: 80, format: .fmp4)
    }
}
