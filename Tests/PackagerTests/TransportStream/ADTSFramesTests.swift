import XCTest
@testable import Packager

/// ADTSFrames: the frames of an audio PES and the times libavformat's demuxer gives them.
final class ADTSFramesTests: XCTestCase {
    /// An ADTS header (AAC LC, stereo) announcing a frame of `length` bytes, padded to it.
    private func frame(length: Int, rateIndex: UInt8 = 4) -> [UInt8] {
        let header: [UInt8] = [0xFF, 0xF1, 0x40 | rateIndex << 2, 0x80 | UInt8(length >> 11 & 0x03),
                               UInt8(length >> 3 & 0xFF), UInt8(length & 0x07) << 5 | 0x1F, 0xFC]
        return header + [UInt8](repeating: 0x21, count: length - 7)
    }

    func testWholeFramesAreFoundStrictly() throws {
        let bytes = frame(length: 20) + frame(length: 9)
        let frames = try XCTUnwrap(bytes.withUnsafeBytes { ADTSFrames($0) })
        XCTAssertEqual(frames.offsets, [0, 20])
        XCTAssertEqual(frames.lengths, [20, 9])
        XCTAssertEqual(frames.sampleRate, 44_100)
        XCTAssertEqual(frames.end, 29)
    }

    func testLeadingJunkAndACutOffFrameFailStrictlyAndAreSkippedAndLeftLeniently() throws {
        let bytes: [UInt8] = [1, 2, 3] + frame(length: 10) + Array(frame(length: 30).prefix(12))
        XCTAssertNil(bytes.withUnsafeBytes { ADTSFrames($0) })
        let frames = try XCTUnwrap(bytes.withUnsafeBytes { ADTSFrames($0, strict: false) })
        XCTAssertEqual(frames.offsets, [3])
        XCTAssertEqual(frames.lengths, [10])
        XCTAssertEqual(frames.skipped, 3)
        XCTAssertEqual(frames.end, 13)
    }

    /// The times libavformat 5.1 gives the AAC frames of one PES at 44.1 kHz (ffprobe on a TS
    /// made by FFmpeg: PES PTS 131110, then its untimed frames by av_add_stable).
    func testFrameTimesAt44100HzAreLibavformatsToTheTick() throws {
        let bytes = (0..<9).flatMap { _ in frame(length: 10) }
        let frames = try XCTUnwrap(bytes.withUnsafeBytes { ADTSFrames($0) })
        XCTAssertEqual(frames.times(pesPTS: 131_110),
                       [131_110, 133_200, 135_290, 137_380, 139_469, 141_559, 143_649, 145_739, 147_829, 149_918])
        XCTAssertEqual(frames.packetDuration, 2089)
    }

    func testFrameTimesAt48kHzStepBy1920Ticks() throws {
        let bytes = frame(length: 10, rateIndex: 3) + frame(length: 10, rateIndex: 3)
        let frames = try XCTUnwrap(bytes.withUnsafeBytes { ADTSFrames($0) })
        XCTAssertEqual(frames.times(pesPTS: 1000), [1000, 2920, 4840])
        XCTAssertEqual(frames.packetDuration, 1920)
    }
}
