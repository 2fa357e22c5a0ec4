import Foundation
import XCTest
@testable import CueDetect

/// The worked examples of SCTE 35 §14 and the AWS sample (HLS-RULES §10).
final class SCTE35SpecVectorTests: XCTestCase {
    private let timeSignalPO = [UInt8](hex: "FC3034000000000000FFFFF00506FE72BD0050001E021C435545494800008E7FCF0001A599B00808000000002CA0A18A3402009AC9D17E")
    private let spliceInsertOut = [UInt8](hex: "FC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A")

    func testSection14_1TimeSignalPlacementOpportunityStartDecodesEveryField() throws {
        let section = try SpliceInfoSection.decode(timeSignalPO)
        XCTAssertEqual(section.tableID, 0xFC)
        XCTAssertFalse(section.sectionSyntaxIndicator)
        XCTAssertFalse(section.privateIndicator)
        XCTAssertEqual(section.sapType, 3)
        XCTAssertEqual(section.sectionLength, 0x34)
        XCTAssertEqual(section.protocolVersion, 0)
        XCTAssertFalse(section.encryptedPacket)
        XCTAssertEqual(section.encryptionAlgorithm, 0)
        XCTAssertEqual(section.ptsAdjustment, 0)
        XCTAssertEqual(section.cwIndex, 0xFF)
        XCTAssertEqual(section.tier, 0xFFF)
        XCTAssertEqual(section.spliceCommandLength, 5)
        XCTAssertEqual(section.spliceCommandType, 6)
        XCTAssertEqual(section.command, .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 0x0_72BD_0050))))
        XCTAssertEqual(section.spliceTimeAdjusted, 0x0_72BD_0050)
        XCTAssertEqual(section.descriptorLoopLength, 0x1E)
        XCTAssertEqual(section.crc32, 0x9AC9_D17E)
        XCTAssertTrue(section.crcOK)
        XCTAssertEqual(section.commandName, "time_signal")

        var expected = SegmentationDescriptor(segmentationEventID: 0x4800_008E, segmentationEventCancelIndicator: false)
        expected.programSegmentationFlag = true
        expected.segmentationDurationFlag = true
        expected.deliveryNotRestrictedFlag = false
        expected.deliveryRestrictions = .init(webDeliveryAllowed: false, noRegionalBlackout: true,
                                              archiveAllowed: true, deviceRestrictions: 3)
        expected.segmentationDuration = 27_630_000
        expected.upid = .ti([0x00, 0x00, 0x00, 0x00, 0x2C, 0xA0, 0xA1, 0x8A])
        expected.segmentationTypeID = 0x34
        expected.segmentNum = 2
        expected.segmentsExpected = 0
        XCTAssertEqual(section.descriptors, [.segmentation(expected)])
        XCTAssertEqual(expected.segmentationType.name, "Provider Placement Opportunity Start")
        XCTAssertEqual(section.warnings, [
            "sap_type 3 (not specified)",
            "segmentation_descriptor event 1207959694 type 0x34 has no sub_segment_num/sub_segments_expected",
        ])
        XCTAssertEqual(section.cueSignal, .segmentation([
            SegmentationSignal(eventID: 0x4800_008E, cancel: false, typeID: 0x34, durationTicks: 27_630_000,
                               upidType: 0x08, upid: "0x000000002CA0A18A", scrType: nil),
        ]))
    }

    func testSection14_2SpliceInsertOutDecodesEveryField() throws {
        let section = try SpliceInfoSection.decode(spliceInsertOut)
        XCTAssertEqual(section.sectionLength, 0x2F)
        XCTAssertEqual(section.sapType, 3)
        XCTAssertEqual(section.cwIndex, 0xFF)
        XCTAssertEqual(section.tier, 0xFFF)
        XCTAssertEqual(section.spliceCommandLength, 0x14)
        XCTAssertEqual(section.spliceCommandType, 5)
        XCTAssertEqual(section.descriptorLoopLength, 0x0A)
        XCTAssertEqual(section.crc32, 0x62DB_A30A)
        XCTAssertTrue(section.crcOK)
        XCTAssertEqual(section.warnings, ["sap_type 3 (not specified)"])

        var insert = SpliceInsert(spliceEventID: 0x4800_008F, spliceEventCancelIndicator: false)
        insert.outOfNetworkIndicator = true
        insert.programSpliceFlag = true
        insert.durationFlag = true
        insert.spliceImmediate = false
        insert.spliceTime = SpliceTime(ptsTime: 0x0_7369_C02E)
        insert.breakDuration = BreakDuration(autoReturn: true, duration: 0x0_0052_CCF5)
        insert.uniqueProgramID = 0
        insert.availNum = 0
        insert.availsExpected = 0
        XCTAssertEqual(section.command, .spliceInsert(insert))
        XCTAssertEqual(section.descriptors, [.avail(AvailDescriptor(providerAvailID: 0x135))])
        XCTAssertEqual(section.spliceTimeAdjusted, 0x0_7369_C02E)
        XCTAssertEqual(section.jsonValue["command"]?["break_duration"], .double(60.293567))
        XCTAssertEqual(section.cueSignal, .spliceInsert(SpliceInsertSignal(
            eventID: 0x4800_008F, cancel: false, outOfNetwork: true, immediate: false,
            breakDurationTicks: 5_426_421, autoReturn: true)))
    }

    func testAWSSampleWithEmptyADIUpidAndNoSubSegmentsDecodesWithWarnings() throws {
        let bytes = [UInt8](try XCTUnwrap(Data(base64Encoded: "/DAnAAAAAAAAAP/wBQb+AA27oAARAg9DVUVJAAAAAX+HCQA0AAE0xUZn")))
        XCTAssertEqual(bytes.count, 42)
        let section = try SpliceInfoSection.decode(bytes)
        XCTAssertTrue(section.crcOK)
        XCTAssertEqual(section.spliceTimeAdjusted, 900_000)
        XCTAssertEqual(section.command, .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 900_000))))
        let descriptor = try XCTUnwrap(section.segmentationDescriptors.first)
        XCTAssertEqual(section.descriptors.count, 1)
        XCTAssertEqual(descriptor.segmentationEventID, 1)
        XCTAssertFalse(descriptor.segmentationEventCancelIndicator)
        XCTAssertFalse(descriptor.segmentationDurationFlag)
        XCTAssertNil(descriptor.segmentationDuration)
        XCTAssertFalse(descriptor.deliveryNotRestrictedFlag)
        XCTAssertEqual(descriptor.deliveryRestrictions, .init(webDeliveryAllowed: false, noRegionalBlackout: false,
                                                              archiveAllowed: true, deviceRestrictions: 3))
        XCTAssertEqual(descriptor.upid, .adi([]))
        XCTAssertEqual(descriptor.segmentationTypeID, 0x34)
        XCTAssertEqual(descriptor.segmentNum, 0)
        XCTAssertEqual(descriptor.segmentsExpected, 1)
        XCTAssertNil(descriptor.subSegmentNum)
        XCTAssertNil(descriptor.subSegmentsExpected)
        XCTAssertEqual(section.warnings, [
            "sap_type 3 (not specified)",
            "segmentation_upid type 0x09 (ADI) at byte 35 has length 0",
            "segmentation_descriptor event 1 type 0x34 has no sub_segment_num/sub_segments_expected",
        ])
    }

    func testCRC32MPEG2OfSpecVectorBodyMatchesItsCRCField() {
        XCTAssertEqual(CRC32MPEG2.checksum(timeSignalPO.dropLast(4)), 0x9AC9_D17E)
        XCTAssertEqual(CRC32MPEG2.checksum(timeSignalPO), 0)
        XCTAssertEqual(CRC32MPEG2.checksum(Array("123456789".utf8)), 0x0376_E6E7)
        XCTAssertEqual(CRC32MPEG2.checksum([UInt8]()), 0xFFFF_FFFF)
    }
}
