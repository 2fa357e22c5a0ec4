import XCTest
@testable import Packager

/// The NAL boundaries libavformat's mp4 muxer finds (ff_avc_parse_nal_units), byte for byte.
final class AnnexBToLengthPrefixedTests: XCTestCase {
    private func converted(_ bytes: [UInt8]) -> [UInt8] {
        let out = ByteBuffer(capacity: 64)
        let written = bytes.withUnsafeBytes { AnnexBToLengthPrefixed.append($0, to: out) }
        XCTAssertEqual(written, out.count)
        return Array(out.bytes)
    }

    func testThreeAndFourByteStartCodesBecomeLengths() {
        XCTAssertEqual(converted([0, 0, 0, 1, 0x67, 0xAA, 0, 0, 1, 0x68, 0xBB, 0, 0, 0, 1, 0x65, 1, 2, 3]),
                       [0, 0, 0, 2, 0x67, 0xAA, 0, 0, 0, 2, 0x68, 0xBB, 0, 0, 0, 4, 0x65, 1, 2, 3])
    }

    func testBytesBeforeTheFirstStartCodeAreDropped() {
        XCTAssertEqual(converted([9, 9, 0, 0, 1, 0x09, 0xF0]), [0, 0, 0, 2, 0x09, 0xF0])
    }

    /// Only one zero byte before 00 00 01 is the start code's; more stay with the unit before.
    func testZerosBeforeALongStartCodeStayWithThePrecedingUnit() {
        XCTAssertEqual(converted([0, 0, 1, 0x65, 0x11, 0, 0, 0, 0, 1, 0x41]),
                       [0, 0, 0, 3, 0x65, 0x11, 0, 0, 0, 0, 1, 0x41])
    }

    /// A start code needs a byte after it: 00 00 01 as the last three bytes is data.
    func testAStartCodeEndingTheBufferIsData() {
        XCTAssertEqual(converted([0, 0, 1, 0x41, 7, 0, 0, 1]), [0, 0, 0, 5, 0x41, 7, 0, 0, 1])
    }

    func testNoStartCodeGivesNothing() {
        XCTAssertEqual(converted([1, 2, 3, 4, 5]), [])
        XCTAssertEqual(converted([0, 0, 1]), [])
    }

    /// The scan takes every 01 byte memchr finds; ones not after two zeros are data.
    func testOneBytesInsideAUnitAreData() {
        let unit: [UInt8] = [0x65] + (0..<300).map { UInt8(truncatingIfNeeded: $0 % 3 == 0 ? 1 : $0) }
        let expected: [UInt8] = [0, 0, 1, 45] + unit
        XCTAssertEqual(converted([0, 0, 0, 1] + unit), expected)
    }
}
