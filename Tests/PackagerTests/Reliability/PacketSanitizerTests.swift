import XCTest
@testable import Packager

/// The rules that keep damaged packets from the muxers, on plain values.
final class PacketSanitizerTests: XCTestCase {
    private typealias Sanitizer = PacketSanitizer<Int>

    private func packet(_ n: Int, dts: Int64, pts: Int64? = nil, stream: Int = 0) -> Sanitizer.Candidate {
        .init(stream: stream, pts: pts ?? dts, dts: dts, adts: nil, item: n)
    }

    /// 25 fps in 90 kHz ticks.
    private let frame: Int64 = 3_600

    func testOneCorruptTimestampIsDroppedAndTheTimelineGoesOn() {
        var s = Sanitizer()
        var out: [Int] = []
        out += s.admit(packet(0, dts: 1_000_000))
        out += s.admit(packet(1, dts: 1_000_000 + frame))
        out += s.admit(packet(2, dts: 9_000_000_000))                 // a damaged PES header
        out += s.admit(packet(3, dts: 1_000_000 + 2 * frame))
        out += s.admit(packet(4, dts: 1_000_000 + 3 * frame))
        XCTAssertEqual(out, [0, 1, 3, 4])
        XCTAssertEqual(s.takeSummary()?.text, "1 timestamp_outlier")
        XCTAssertNil(s.takeSummary())
    }

    func testANewTimelineIsReleasedWholeOnceConfirmed() {
        var s = Sanitizer()
        var out: [Int] = []
        out += s.admit(packet(0, dts: 50_000_000))
        out += s.admit(packet(1, dts: 50_000_000 + frame))
        out += s.admit(packet(2, dts: 126_000))                       // an encoder restart
        XCTAssertEqual(out, [0, 1])
        out += s.admit(packet(3, dts: 126_000 + frame))
        XCTAssertEqual(out, [0, 1])
        out += s.admit(packet(4, dts: 126_000 + 2 * frame))
        XCTAssertEqual(out, [0, 1, 2, 3, 4])
        out += s.admit(packet(5, dts: 126_000 + 3 * frame))
        XCTAssertEqual(out, [0, 1, 2, 3, 4, 5])
        XCTAssertNil(s.takeSummary())
    }

    func testDTSThatDoesNotAdvanceAndPTSBeforeDTSAreDropped() {
        var s = Sanitizer()
        var out: [Int] = []
        out += s.admit(packet(0, dts: 900_000))
        out += s.admit(packet(1, dts: 900_000))                        // a repeated packet
        out += s.admit(packet(2, dts: 900_000 - frame))
        out += s.admit(packet(3, dts: 900_000 + frame, pts: 900_000))  // PTS before DTS
        out += s.admit(packet(4, dts: 900_000 + frame, pts: 900_000 + 3 * frame))
        XCTAssertEqual(out, [0, 4])
        XCTAssertEqual(s.takeSummary()?.text, "2 dts_not_increasing, 1 pts_before_dts")
    }

    func testStreamsAreJudgedApart() {
        var s = Sanitizer()
        var out: [Int] = []
        out += s.admit(packet(0, dts: 900_000, stream: 0))
        out += s.admit(packet(1, dts: 800_000, stream: 1))             // audio behind video: fine
        out += s.admit(packet(2, dts: 900_000 + frame, stream: 0))
        out += s.admit(packet(3, dts: 800_000 + 1_920, stream: 1))
        XCTAssertEqual(out, [0, 1, 2, 3])
    }

    func testAACWithoutExtradataMustBeOneWholeADTSFrame() {
        // ADTS header of a 371-byte AAC-LC frame at 48 kHz, stereo.
        let header: [UInt8] = [0xFF, 0xF1, 0x4C, 0x80, 0x2E, 0x7F, 0xFC]
        XCTAssertTrue(Sanitizer.isADTSFrame(header, size: 371))
        XCTAssertFalse(Sanitizer.isADTSFrame(header, size: 300), "a truncated frame")
        XCTAssertFalse(Sanitizer.isADTSFrame([0x21, 0x10, 0x04, 0x60, 0x8C, 0x1C, 0x00], size: 371), "raw AAC")
        var s = Sanitizer()
        let out = s.admit(.init(stream: 1, pts: 0, dts: 0, adts: (header, 300), item: 7))
            + s.admit(.init(stream: 1, pts: 0, dts: 0, adts: nil, corruptAudio: true, item: 8))
        XCTAssertEqual(out, [])
        XCTAssertEqual(s.takeSummary()?.text, "1 bad_adts, 1 corrupt_audio")
    }

    func testATimelineNeverConfirmedIsCountedAtTheEnd() {
        var s = Sanitizer()
        _ = s.admit(packet(0, dts: 900_000))
        _ = s.admit(packet(1, dts: 90_000_000))
        s.finish()
        XCTAssertEqual(s.takeSummary()?.count, 1)
    }
}
