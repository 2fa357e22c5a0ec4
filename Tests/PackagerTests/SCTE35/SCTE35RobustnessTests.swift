import Foundation
import XCTest
@testable import CueDetect

/// Bad input must end in a typed error or a decoded value, never a crash.
final class SCTE35RobustnessTests: XCTestCase {
    /// Deterministic PRNG so a failing mutation can be replayed.
    private static let seeds: [[UInt8]] = {
        let base64 = [
            "/DA+AAAAAAAAAP/wBQb+E1SEUAAoAiZDVUVJAAAH0X//AAANu6AJEkNIQVBURVI6cmVjYXAtMDAwMSABAf6o7Z4=",
            "/DARAAAAAAAAAP/wAAAAAHpPv/8=",
            "/DAlAAAAAAAAAP/wFAUAAAPpf+/+E3r4EP4AKTLgAAEBAQAA1Ba76g==",
            "/DAWAAAAAAAAAP/wBQUAAAPq/wAAan7q3A==",
            "/DAnAAAAAAAAAP/wBQb+AA27oAARAg9DVUVJAAAAAX+HCQA0AAE0xUZn",
        ]
        let hex = [
            "FC3034000000000000FFFFF00506FE72BD0050001E021C435545494800008E7FCF0001A599B00808000000002CA0A18A3402009AC9D17E",
            "FC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A",
        ]
        let mid: [UInt8] = [0x0D, 14, 0x0C, 5] + Array("ABCDx".utf8) + [0x0D, 5, 0x11, 3] + Array("a=b".utf8)
        let midSection = SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(1), descriptors: [
            SectionBuilder.descriptor(tag: 0x02, body: SectionBuilder.segmentationBody(
                eventID: 1, duration: 10, upidType: mid[0], upid: Array(mid.dropFirst(2)), typeID: 0x34, subSegments: (1, 2))),
        ]).build()
        return base64.compactMap { Data(base64Encoded: $0).map { [UInt8]($0) } } + hex.map { [UInt8](hex: $0) } + [midSection]
    }()

    private func decodeOutcome(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try SpliceInfoSection.decode(bytes).jsonValue.serialized()
            return true
        } catch is SCTE35Error {
            return false
        } catch {
            XCTFail("untyped error \(error) for \(bytes)")
            return false
        }
    }

    func testEveryTruncationThrowsATypedError() {
        XCTAssertEqual(Self.seeds.count, 8)
        for seed in Self.seeds {
            XCTAssertTrue(decodeOutcome(seed))
            for length in 0 ..< seed.count {
                XCTAssertThrowsError(try SpliceInfoSection.decode(Array(seed.prefix(length)))) { error in
                    XCTAssertNotNil(error as? SCTE35Error)
                }
            }
        }
    }

    func testShortenedSectionLengthWithFixedCRCIsRejectedNotMisread() throws {
        // A section claiming 3 bytes fewer than its command needs: the body reader stops early.
        var bytes = SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(7)).build()
        bytes.removeSubrange(15 ..< 18)
        bytes[2] -= 3
        XCTAssertThrowsError(try SpliceInfoSection.decode(bytes)) { error in
            guard case .truncated(let field, _, _, _)? = error as? SCTE35Error else { return XCTFail("\(error)") }
            XCTAssertEqual(field, "splice command")
        }
    }

    func testBadCRCStillDecodesWithCRCFlagFalse() throws {
        var bytes = Self.seeds[2]
        bytes[bytes.count - 1] ^= 0x01
        let section = try SpliceInfoSection.decode(bytes)
        XCTAssertFalse(section.crcOK)
        XCTAssertEqual(section.crc32, 0xD416_BBEB)
        XCTAssertTrue(section.warnings.contains("CRC_32 0xd416bbeb does not match the section"))
        guard case .spliceInsert(let insert) = section.command else { return XCTFail("not a splice_insert") }
        XCTAssertEqual(insert.spliceEventID, 1001)
    }

    func testWrongTableIDAndProtocolVersionAreRejected() {
        var bytes = Self.seeds[1]
        bytes[0] = 0xFD
        XCTAssertThrowsError(try SpliceInfoSection.decode(bytes)) { error in
            XCTAssertEqual(error as? SCTE35Error, .notASpliceInfoSection(tableID: 0xFD))
        }
        bytes = Self.seeds[1]
        bytes[3] = 1
        XCTAssertThrowsError(try SpliceInfoSection.decode(bytes)) { error in
            XCTAssertEqual(error as? SCTE35Error, .unsupportedProtocolVersion(1, byteOffset: 3))
        }
    }

    func testTrailingStuffingAfterTheSectionIsIgnoredWithAWarning() throws {
        let section = try SpliceInfoSection.decode(Self.seeds[1] + [0xFF, 0xFF, 0xFF])
        XCTAssertTrue(section.crcOK)
        XCTAssertEqual(section.command, .spliceNull)
        XCTAssertEqual(section.warnings.first, "3 bytes after the section's end ignored")
    }

    func testRandomGarbageNeverCrashes() {
        var rng = SplitMix64(seed: 0x5C7E_3500)
        for _ in 0 ..< 20_000 {
            let length = Int(rng.next() % 64)
            var bytes = (0 ..< length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if length > 3, rng.next() % 2 == 0 {
                // Make the header plausible so decoding gets past table_id and section_length.
                bytes[0] = 0xFC
                bytes[1] = (bytes[1] & 0xF0) | UInt8((length - 3) >> 8)
                bytes[2] = UInt8(truncatingIfNeeded: length - 3)
                bytes[3] = 0
            }
            _ = decodeOutcome(bytes)
        }
    }

    func testHundredThousandMutatedSectionsNeverCrash() {
        var rng = SplitMix64(seed: 0x2022_0B35)
        var decoded = 0
        var rejected = 0
        for iteration in 0 ..< 100_000 {
            var bytes = Self.seeds[iteration % Self.seeds.count]
            let mutations = 1 + Int(rng.next() % 4)
            for _ in 0 ..< mutations {
                let index = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 4 {
                case 0: bytes[index] ^= UInt8(1 << (rng.next() % 8))
                case 1: bytes[index] = UInt8(truncatingIfNeeded: rng.next())
                case 2: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: index)
                default: if bytes.count > 1 { bytes.remove(at: index) }
                }
            }
            if rng.next() % 2 == 0 {
                // Re-sign half of them so mutations reach the structure checks, not just the CRC.
                let body = Array(bytes.dropLast(4))
                let crc = CRC32MPEG2.checksum(body)
                bytes = body + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
            }
            if let section = try? SpliceInfoSection.decode(bytes) {
                _ = section.cueSignal
                _ = section.jsonValue
                decoded += 1
            } else {
                rejected += 1
            }
        }
        XCTAssertEqual(decoded + rejected, 100_000)
        XCTAssertGreaterThan(decoded, 1_000, "mutations should not all be rejected")
        XCTAssertGreaterThan(rejected, 1_000, "mutations should not all be accepted")
    }
}
