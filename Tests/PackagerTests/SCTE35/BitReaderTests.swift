import XCTest
@testable import CueDetect
import Primitives

final class BitReaderTests: XCTestCase {
    func testReadsFieldsMSBFirstAcrossByteBoundaries() throws {
        var reader = BitReader([0b1010_1100, 0xFF, 0x01, 0x80, 0x00, 0x00, 0x00, 0x01])
        XCTAssertEqual(try reader.bits(1, "a"), 1)
        XCTAssertEqual(try reader.bits(3, "b"), 0b010)
        XCTAssertEqual(try reader.bits(12, "c"), 0xCFF)
        XCTAssertEqual(try reader.bits(9, "d"), 0b0000_0001_1)
        XCTAssertEqual(reader.remainingBits, 39)
        XCTAssertEqual(try reader.bits(39, "e"), 1)
        XCTAssertTrue(reader.isAtEnd)
    }

    func testReadingPastTheEndThrowsWithFieldAndOffset() {
        var reader = BitReader([0xAB, 0xCD])
        XCTAssertThrowsError(try { _ = try reader.bits(4, "x"); _ = try reader.bits(13, "pts_time") }()) { error in
            XCTAssertEqual(error as? BitReaderError,
                           BitReaderError(field: "pts_time", byteOffset: 0, neededBits: 13, availableBits: 12))
        }
    }

    func testTakeLimitsTheSubReaderAndAdvancesTheParent() throws {
        var reader = BitReader([1, 2, 3, 4, 5])
        _ = try reader.uint8("first")
        var sub = try reader.take(bytes: 2, "sub")
        XCTAssertEqual(try reader.uint8("after"), 4)
        XCTAssertEqual(sub.byteOffset, 1)
        XCTAssertEqual(try sub.uint16("both"), 0x0203)
        XCTAssertThrowsError(try sub.uint8("beyond")) { error in
            XCTAssertEqual((error as? BitReaderError)?.byteOffset, 3)
        }
        XCTAssertThrowsError(try reader.take(bytes: 2, "too much"))
    }

    func testReads64BitsAtOnce() throws {
        var reader = BitReader([0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x99, 0x88])
        XCTAssertEqual(try reader.bits(64, "all"), 0xFFEE_DDCC_BBAA_9988)
    }
}
