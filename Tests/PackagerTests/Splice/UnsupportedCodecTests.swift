import XCTest
@testable import Packager

/// Streams the cutter cannot re-encode are refused when it is created, with the error the caller
/// turns into a keyframe cut and one warning.
final class UnsupportedCodecTests: XCTestCase {
    func testMPEG2VideoIsAnUnsupportedCodec() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try SpliceSource.make("mpeg2.ts", in: directory, rate: "25", seconds: 1, audio: false,
                                           video: ["-c:v", "mpeg2video", "-g", "12"])
        XCTAssertThrowsError(try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: "mpeg2.ts")) { error in
            XCTAssertEqual(error as? VideoSpliceError, .unsupportedCodec(input: "mpeg2.ts", codec: "mpeg2video"))
            XCTAssertEqual("\(error)", "mpeg2.ts: no encoder for mpeg2video video; frame-accurate splices need H.264 or HEVC (cut at keyframes instead)")
        }
    }

    func testH264IntraProfileIsAnUnsupportedFormat() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try SpliceSource.make("intra.ts", in: directory, rate: "25", seconds: 1, audio: false,
                                           video: ["-c:v", "libx264", "-pix_fmt", "yuv420p10le", "-x264-params", "keyint=1"])
        // keyint=1 at 10 bits is High 10 Intra: no libx264 profile name constrains to it.
        XCTAssertThrowsError(try VideoSpliceCutter(parameters: source.snapshot, streamIndex: source.videoIndex, input: "intra.ts")) { error in
            guard case .unsupportedFormat(let input, _)? = error as? VideoSpliceError else { return XCTFail("\(error)") }
            XCTAssertEqual(input, "intra.ts")
        }
    }

    func testAudioStreamIsAnUnsupportedCodec() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try SpliceSource.make("av.ts", in: directory, rate: "25", seconds: 1, video: ["-c:v", "libx264"])
        let audio = try XCTUnwrap(source.audioIndex)
        XCTAssertThrowsError(try VideoSpliceCutter(parameters: source.snapshot, streamIndex: audio, input: "av.ts")) { error in
            XCTAssertEqual(error as? VideoSpliceError, .unsupportedCodec(input: "av.ts", codec: "aac"))
        }
    }
}
