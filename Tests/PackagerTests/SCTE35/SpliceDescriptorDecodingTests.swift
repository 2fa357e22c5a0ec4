import XCTest
@testable import CueDetect
import Primitives

/// Descriptors the fixtures lack: DTMF, time, audio, component-mode segmentation, private ones.
final class SpliceDescriptorDecodingTests: XCTestCase {
    private func decodeDescriptors(_ descriptors: [[UInt8]]) throws -> SpliceInfoSection {
        try SpliceInfoSection.decode(SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(90_000),
                                                    descriptors: descriptors).build())
    }

    func testDTMFTimeAndAudioDescriptorsDecode() throws {
        var dtmf = BitWriter()
        dtmf.put(50, bits: 8); dtmf.put(3, bits: 3); dtmf.reserved(5); dtmf.append(Array("12#".utf8))
        var time = BitWriter()
        time.put(0x0000_6543_2100, bits: 48); time.put(500_000_000, bits: 32); time.put(37, bits: 16)
        var audio = BitWriter()
        audio.put(2, bits: 4); audio.reserved(4)
        audio.put(0x11, bits: 8); audio.append(Array("eng".utf8)); audio.put(0, bits: 3); audio.put(2, bits: 4); audio.flag(true)
        audio.put(0x12, bits: 8); audio.append(Array("fra".utf8)); audio.put(7, bits: 3); audio.put(5, bits: 4); audio.flag(false)
        let section = try decodeDescriptors([
            SectionBuilder.descriptor(tag: 0x01, body: dtmf.bytes),
            SectionBuilder.descriptor(tag: 0x03, body: time.bytes),
            SectionBuilder.descriptor(tag: 0x04, body: audio.bytes),
        ])
        XCTAssertEqual(section.descriptors, [
            .dtmf(DTMFDescriptor(preroll: 50, dtmfChars: Array("12#".utf8))),
            .time(TimeDescriptor(taiSeconds: 0x6543_2100, taiNanoseconds: 500_000_000, utcOffset: 37)),
            .audio(AudioDescriptor(components: [
                .init(componentTag: 0x11, isoCode: Array("eng".utf8), bitStreamMode: 0, numChannels: 2, fullServiceAudio: true),
                .init(componentTag: 0x12, isoCode: Array("fra".utf8), bitStreamMode: 7, numChannels: 5, fullServiceAudio: false),
            ])),
        ])
        XCTAssertEqual(section.warnings, ["sap_type 3 (not specified)"])
        XCTAssertEqual(section.jsonValue["descriptors"]?.serialized().contains("\"dtmf_chars\":\"12#\""), true)
    }

    func testPrivateAndReservedDescriptorsAreKeptAsUnknown() throws {
        let section = try decodeDescriptors([
            SectionBuilder.descriptor(tag: 0x02, identifier: 0x4142_4344, body: [9, 8]),
            SectionBuilder.descriptor(tag: 0x77, body: [1]),
            [0x05, 0x02, 0xAB, 0xCD],
        ])
        XCTAssertEqual(section.descriptors, [
            .unknown(tag: 0x02, identifier: 0x4142_4344, bytes: [9, 8]),
            .unknown(tag: 0x77, identifier: 0x4355_4549, bytes: [1]),
            .unknown(tag: 0x05, identifier: nil, bytes: [0xAB, 0xCD]),
        ])
        XCTAssertEqual(section.warnings.last, "splice descriptor tag 0x05 has length 2, too short for its identifier")
    }

    func testComponentSegmentationWithDeliveryRestrictionsAndSubSegments() throws {
        var body = BitWriter()
        body.put(0xABCD, bits: 32); body.flag(false); body.reserved(7)
        body.flag(false); body.flag(true); body.flag(false)
        body.flag(true); body.flag(false); body.flag(true); body.put(2, bits: 2)
        body.put(2, bits: 8)
        body.put(0x21, bits: 8); body.reserved(7); body.put(0, bits: 33)
        body.put(0x22, bits: 8); body.reserved(7); body.put((1 << 33) - 1, bits: 33)
        body.put(0xFF_FFFF_FFFF, bits: 40)
        body.append([0x03, 12] + Array("ABCD01234567".utf8))
        body.append([0x36, 3, 4, 5, 6])
        let section = try decodeDescriptors([SectionBuilder.descriptor(tag: 0x02, body: body.bytes)])

        var expected = SegmentationDescriptor(segmentationEventID: 0xABCD, segmentationEventCancelIndicator: false)
        expected.programSegmentationFlag = false
        expected.segmentationDurationFlag = true
        expected.deliveryNotRestrictedFlag = false
        expected.deliveryRestrictions = .init(webDeliveryAllowed: true, noRegionalBlackout: false,
                                              archiveAllowed: true, deviceRestrictions: 2)
        expected.components = [.init(componentTag: 0x21, ptsOffset: 0), .init(componentTag: 0x22, ptsOffset: (1 << 33) - 1)]
        expected.segmentationDuration = 0xFF_FFFF_FFFF
        expected.upid = .adID(Array("ABCD01234567".utf8))
        expected.segmentationTypeID = 0x36
        expected.segmentNum = 3
        expected.segmentsExpected = 4
        expected.subSegmentNum = 5
        expected.subSegmentsExpected = 6
        XCTAssertEqual(section.descriptors, [.segmentation(expected)])
        XCTAssertEqual(section.cueSignal, .segmentation([SegmentationSignal(
            eventID: 0xABCD, cancel: false, typeID: 0x36, durationTicks: 0xFF_FFFF_FFFF,
            upidType: 0x03, upid: "ABCD01234567", scrType: nil)]))
    }

    func testCancelledSegmentationHasOnlyIdAndCancelFlag() throws {
        var body = BitWriter()
        body.put(0x99, bits: 32); body.flag(true); body.reserved(7)
        let section = try decodeDescriptors([SectionBuilder.descriptor(tag: 0x02, body: body.bytes)])
        XCTAssertEqual(section.descriptors, [.segmentation(SegmentationDescriptor(segmentationEventID: 0x99,
                                                                                  segmentationEventCancelIndicator: true))])
        XCTAssertEqual(section.cueSignal, .segmentation([SegmentationSignal(
            eventID: 0x99, cancel: true, typeID: 0, durationTicks: nil, upidType: 0, upid: "", scrType: nil)]))
    }

    func testDescriptorLongerThanItsLoopIsRejectedWithOffset() {
        var bytes = SectionBuilder(commandType: 0x00, descriptors: [[0x00, 0x08, 0x43, 0x55, 0x45, 0x49, 0, 0, 0, 1]]).build()
        // Declare a 9-byte descriptor inside a 10-byte loop: its body would run one byte past the loop.
        bytes[17] = 0x09
        XCTAssertThrowsError(try SpliceInfoSection.decode(bytes)) { error in
            XCTAssertEqual(error as? SCTE35Error,
                           .truncated(field: "splice_descriptor body", byteOffset: 18, neededBits: 72, availableBits: 64))
        }
    }

    func testDescriptorTooShortForItsFieldsIsRejectedWithTag() {
        let section = SectionBuilder(commandType: 0x00, descriptors: [SectionBuilder.descriptor(tag: 0x00, body: [0, 1])]).build()
        XCTAssertThrowsError(try SpliceInfoSection.decode(section)) { error in
            XCTAssertEqual(error as? SCTE35Error, .malformedDescriptor(
                tag: 0x00, byteOffset: 22, reason: "descriptor at byte 16 with length 6 is too short for provider_avail_id"))
        }
    }
}
