import XCTest
@testable import Packager

/// Frame-accurate and keyframe splices of HEVC Main at 29.97 fps with an irregular, open GOP:
/// an IDR at 0, a closed CRA at 30 (forced), an open CRA at 75 whose four RASL pictures (shown
/// as 71–74) predict from the GOP before it. Four B-frames: the anchor shown as 18 is decoded
/// before 14–16, the one shown as 53 before 49–52.
final class HEVCSpliceTests: XCTestCase {
    private static let cache = SpliceMediaCache()

    private func media() throws -> SpliceCheck {
        try Self.cache.check("hevc-open.ts") { directory in
            let source = try SpliceSource.make("hevc-open.ts", in: directory, rate: "30000/1001", seconds: 4, video: [
                "-c:v", "libx265", "-pix_fmt", "yuv420p", "-b:v", "300k", "-force_key_frames", "1.0",
                "-x265-params", "log-level=error:keyint=45:min-keyint=1:scenecut=0:open-gop=1:bframes=4"])
            let keyframes = source.video.filter { $0.packet.isKeyframe }.compactMap { source.displayPTS.firstIndex(of: $0.pts) }
            XCTAssertEqual(keyframes, [0, 30, 75], "the GOP structure these tests are about")
            return source
        }
    }

    override class func tearDown() { cache.remove() }

    func testSpliceBeforeAnOpenCRAReencodesItsRASLPicturesAndRelabelsItBLA() throws {
        let result = try media().splice(atFrame: 50, format: .ts)
        // 49 (a B-frame predicting from 53) ends the near side re-encoded; 50…74 start the far side.
        XCTAssertEqual(result.cost.framesReencoded, 1 + 75 - 50)
        XCTAssertEqual(result.before.filter { $0.origin == .reencoded }.count, 1)
        let resume = try XCTUnwrap(result.after.first { $0.origin == .rewrittenKeyframe })
        let units = NALPacketFormat.annexB.units(resume.packet.bytes)
        XCTAssertEqual(units.filter(SpliceCodec.hevc.isVCL).map { SpliceCodec.hevc.type(of: $0) }, [SpliceCodec.hevcBLANoLeadingPictures])
        XCTAssertTrue(units.contains { SpliceCodec.hevc.type(of: $0) == 33 }, "the source's SPS travels with the resume keyframe")
    }

    func testSpliceBeforeAnOpenCRAInFragmentedMP4() throws {
        try media().splice(atFrame: 50, format: .fmp4)
    }

    func testSpliceOnARASLPicture() throws {
        let result = try media().splice(atFrame: 73, format: .ts)
        XCTAssertEqual(result.cost.framesReencoded, 4, "pictures 71, 72 before the cut, 73, 74 after it")
        XCTAssertEqual(result.before.filter { $0.origin == .reencoded }.count, 2)
        XCTAssertEqual(result.before.last?.origin, .reencoded)
    }

    func testSpliceAtAnOpenCRAReencodesItsRASLPicturesBeforeTheCut() throws {
        let result = try media().splice(atFrame: 75, format: .ts)
        XCTAssertEqual(result.cost.framesReencoded, 4)
        XCTAssertEqual(result.after.first?.origin, .rewrittenKeyframe)
    }

    func testSpliceBeforeAClosedCRAInTheFirstGOP() throws {
        let result = try media().splice(atFrame: 17, format: .ts)
        // 14–16 follow the anchor 18 in decode order: re-encoded before the cut, 17…29 after it.
        XCTAssertEqual(result.cost.framesReencoded, 3 + 30 - 17)
    }

    func testKeyframeCutAtAnOpenCRADropsItsRASLPictures() throws {
        let result = try media().splice(atFrame: 75, format: .ts, keyframeMode: true)
        XCTAssertEqual(result.notes, [.leadingPicturesDropped(count: 4, pts: result.landedPTS)])
        XCTAssertEqual(result.cost.framesDecoded, 0)
    }

    func testKeyframeModeLandsOnTheNextKeyframe() throws {
        let check = try media()
        let result = try check.splice(atFrame: 60, format: .fmp4, keyframeMode: true)
        XCTAssertEqual(result.landedPTS, check.source.pts(ofFrame: 75))
    }
}
