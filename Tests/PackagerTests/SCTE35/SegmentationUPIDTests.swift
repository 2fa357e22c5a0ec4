import XCTest
@testable import CueDetect
import Primitives

/// UPID types whose structure goes beyond plain bytes, and their text form for cue signals.
final class SegmentationUPIDTests: XCTestCase {
    private func decodeUPID(type: UInt8, _ upid: [UInt8], typeID: UInt8 = 0x20) throws -> (SegmentationDescriptor, SpliceInfoSection) {
        let body = SectionBuilder.segmentationBody(eventID: 42, duration: nil, upidType: type, upid: upid, typeID: typeID)
        let section = try SpliceInfoSection.decode(SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(0),
                                                                   descriptors: [SectionBuilder.descriptor(tag: 0x02, body: body)]).build())
        return (try XCTUnwrap(section.segmentationDescriptors.first), section)
    }

    func testSCRUpidParsesKeyValuePairsAndGivesTheRecapType() throws {
        let text = "type=PR&pos=0&dur=60000;tier=2"
        let (descriptor, section) = try decodeUPID(type: 0x11, Array(text.utf8))
        guard case .scr(let kv) = descriptor.upid else { return XCTFail("expected SCR, got \(descriptor.upid)") }
        XCTAssertEqual(kv.pairs, [.init(key: "type", value: "PR"), .init(key: "pos", value: "0"),
                                  .init(key: "dur", value: "60000"), .init(key: "tier", value: "2")])
        XCTAssertEqual(descriptor.upid.scrType, "PR")
        XCTAssertEqual(section.cueSignal, .segmentation([SegmentationSignal(
            eventID: 42, cancel: false, typeID: 0x20, durationTicks: nil, upidType: 0x11, upid: text, scrType: "PR")]))
    }

    func testADSUpidParsesKeyValuePairs() throws {
        let (descriptor, _) = try decodeUPID(type: 0x0E, Array("type=LA&dur=30000".utf8))
        guard case .ads(let kv) = descriptor.upid else { return XCTFail("expected ADS") }
        XCTAssertEqual(kv.value(for: "type"), "LA")
        XCTAssertEqual(kv.value(for: "dur"), "30000")
        XCTAssertNil(descriptor.upid.scrType)
        XCTAssertEqual(descriptor.upid.text, "type=LA&dur=30000")
    }

    func testMPUUpidSplitsFormatIdentifierAndUsesPrintablePrivateBytesAsText() throws {
        let (text, _) = try decodeUPID(type: 0x0C, Array("ABCDhello".utf8))
        XCTAssertEqual(text.upid, .mpu(try ManagedPrivateUPID(bytes: Array("ABCDhello".utf8))))
        guard case .mpu(let mpu) = text.upid else { return XCTFail("expected MPU") }
        XCTAssertEqual(mpu.formatIdentifier, 0x4142_4344)
        XCTAssertEqual(mpu.formatIdentifierText, "ABCD")
        XCTAssertEqual(mpu.privateData, Array("hello".utf8))
        XCTAssertEqual(text.upid.text, "hello")

        let (binary, _) = try decodeUPID(type: 0x0C, [0x41, 0x42, 0x43, 0x44, 0x00, 0xFE])
        XCTAssertEqual(binary.upid.text, "0x414243440" + "0FE")
    }

    func testMPUUpidShorterThanItsIdentifierIsRejected() {
        XCTAssertThrowsError(try decodeUPID(type: 0x0C, [0x41, 0x42])) { error in
            XCTAssertEqual(error as? SCTE35Error, .malformedUPID(
                type: 0x0C, byteOffset: 35, reason: "MPU format_identifier needs 32 bits but only 16 remain"))
        }
    }

    func testMIDUpidDecodesEachPartAndJoinsTheirTextWithSemicolons() throws {
        let mid: [UInt8] = [0x03, 12] + Array("ABCD01234567".utf8) + [0x08, 8, 0, 0, 0, 0, 0x2C, 0xA0, 0xA1, 0x8A]
            + [0x11, 7] + Array("type=PR".utf8)
        let (descriptor, _) = try decodeUPID(type: 0x0D, mid)
        XCTAssertEqual(descriptor.upid, .mid([
            .adID(Array("ABCD01234567".utf8)),
            .ti([0, 0, 0, 0, 0x2C, 0xA0, 0xA1, 0x8A]),
            .scr(KeyValueText(bytes: Array("type=PR".utf8))),
        ]))
        XCTAssertEqual(descriptor.upid.text, "ABCD01234567;0x000000002CA0A18A;type=PR")
        XCTAssertEqual(descriptor.upid.bytes, mid)
        XCTAssertEqual(descriptor.upid.scrType, nil, "scrType is only for a top-level SCR UPID")
    }

    func testMIDPartRunningPastTheMIDIsRejected() {
        XCTAssertThrowsError(try decodeUPID(type: 0x0D, [0x09, 5, 0x41, 0x42])) { error in
            guard case .malformedUPID(let type, _, let reason)? = error as? SCTE35Error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(type, 0x0D)
            XCTAssertEqual(reason, "MID segmentation_upid needs 40 bits but only 16 remain")
        }
    }

    func testATSCUpidParsesItsFixedPart() throws {
        var writer = BitWriter()
        writer.put(0x1234, bits: 16); writer.reserved(2); writer.put(23, bits: 5); writer.put(300, bits: 9)
        writer.append(Array("EP001".utf8))
        let (descriptor, _) = try decodeUPID(type: 0x0B, writer.bytes)
        guard case .atsc(let id) = descriptor.upid else { return XCTFail("expected ATSC") }
        XCTAssertEqual(id.tsid, 0x1234)
        XCTAssertEqual(id.endOfDay, 23)
        XCTAssertEqual(id.uniqueFor, 300)
        XCTAssertEqual(id.contentID, Array("EP001".utf8))
        XCTAssertEqual(descriptor.upid.bytes, writer.bytes)
    }

    func testBinaryUpidsAreUpperCaseHexAndFixedLengthMismatchWarns() throws {
        let uuid: [UInt8] = Array(0xA0 ... 0xAF)
        let (descriptor, section) = try decodeUPID(type: 0x10, uuid)
        XCTAssertEqual(descriptor.upid, .uuid(uuid))
        XCTAssertEqual(descriptor.upid.text, "0xA0A1A2A3A4A5A6A7A8A9AAABACADAEAF")
        XCTAssertEqual(section.warnings, ["sap_type 3 (not specified)"])

        let (short, shortSection) = try decodeUPID(type: 0x0A, [0x10, 0x01])
        XCTAssertEqual(short.upid, .eidr([0x10, 0x01]))
        XCTAssertEqual(shortSection.warnings.last, "segmentation_upid type 0x0a (EIDR) at byte 35 has length 2, Table 22 says 12")
    }

    func testTextUpidWithNonPrintableBytesFallsBackToHex() throws {
        let (descriptor, _) = try decodeUPID(type: 0x09, [0x41, 0x00, 0x42])
        XCTAssertEqual(descriptor.upid.text, "0x410042")
    }

    func testReservedUpidTypeKeepsItsBytes() throws {
        let (descriptor, _) = try decodeUPID(type: 0x42, [1, 2])
        XCTAssertEqual(descriptor.upid, .reserved(type: 0x42, bytes: [1, 2]))
        XCTAssertEqual(descriptor.upid.text, "0x0102")
        XCTAssertEqual(SegmentationUPID.typeName(0x42), "Reserved")
    }

    func testSegmentationTypeNamesFollowTable23() {
        XCTAssertEqual(SegmentationType(0x00).name, "Not Indicated")
        XCTAssertEqual(SegmentationType(0x20).name, "Chapter Start")
        XCTAssertEqual(SegmentationType(0x3B).name, "Distributor Overlay Placement Opportunity End")
        XCTAssertEqual(SegmentationType(0x47).name, "Distributor Ad Block End")
        XCTAssertEqual(SegmentationType(0x51).name, "Network End")
        XCTAssertEqual(SegmentationType(0x28).name, "Reserved")
        XCTAssertEqual((0 ... 255).filter { SegmentationType(UInt8($0)).name != "Reserved" }.count, 46)
    }
}
