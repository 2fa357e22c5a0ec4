import XCTest
@testable import CueDetect
import Primitives

/// Commands the recorded fixtures do not contain, built with `SectionBuilder`.
final class SpliceCommandDecodingTests: XCTestCase {
    func testSpliceScheduleDecodesProgramComponentAndCancelledEvents() throws {
        var writer = BitWriter()
        writer.put(3, bits: 8)                          // splice_count
        writer.put(0x11, bits: 32); writer.flag(false); writer.reserved(7)
        writer.flag(true); writer.flag(true); writer.flag(true); writer.reserved(5)
        writer.put(1_300_000_000, bits: 32)             // utc_splice_time
        writer.flag(false); writer.reserved(6); writer.put(2_700_000, bits: 33)
        writer.put(9, bits: 16); writer.put(1, bits: 8); writer.put(2, bits: 8)
        writer.put(0x22, bits: 32); writer.flag(false); writer.reserved(7)
        writer.flag(false); writer.flag(false); writer.flag(false); writer.reserved(5)
        writer.put(2, bits: 8)                          // component_count
        writer.put(0x31, bits: 8); writer.put(1_300_000_010, bits: 32)
        writer.put(0x32, bits: 8); writer.put(1_300_000_020, bits: 32)
        writer.put(10, bits: 16); writer.put(2, bits: 8); writer.put(2, bits: 8)
        writer.put(0x33, bits: 32); writer.flag(true); writer.reserved(7)
        let bytes = SectionBuilder(commandType: 0x04, command: writer.bytes).build()

        let section = try SpliceInfoSection.decode(bytes)
        var first = SpliceSchedule.Event(spliceEventID: 0x11, spliceEventCancelIndicator: false)
        first.outOfNetworkIndicator = true
        first.programSpliceFlag = true
        first.durationFlag = true
        first.utcSpliceTime = 1_300_000_000
        first.breakDuration = BreakDuration(autoReturn: false, duration: 2_700_000)
        first.uniqueProgramID = 9
        first.availNum = 1
        first.availsExpected = 2
        var second = SpliceSchedule.Event(spliceEventID: 0x22, spliceEventCancelIndicator: false)
        second.components = [.init(componentTag: 0x31, utcSpliceTime: 1_300_000_010),
                             .init(componentTag: 0x32, utcSpliceTime: 1_300_000_020)]
        second.uniqueProgramID = 10
        second.availNum = 2
        second.availsExpected = 2
        let third = SpliceSchedule.Event(spliceEventID: 0x33, spliceEventCancelIndicator: true)
        XCTAssertEqual(section.command, .spliceSchedule(SpliceSchedule(events: [first, second, third])))
        XCTAssertEqual(section.commandName, "splice_schedule")
        XCTAssertEqual(section.cueSignal, .other(command: "splice_schedule"))
        XCTAssertNil(section.spliceTimeAdjusted)
    }

    func testBandwidthReservationAndPrivateCommandDecode() throws {
        let bandwidth = try SpliceInfoSection.decode(SectionBuilder(commandType: 0x07).build())
        XCTAssertEqual(bandwidth.command, .bandwidthReservation)
        XCTAssertEqual(bandwidth.cueSignal, .other(command: "bandwidth_reservation"))

        let privateBytes = SectionBuilder(commandType: 0xFF, command: [0x41, 0x42, 0x43, 0x44, 0x01, 0x02, 0x03]).build()
        let section = try SpliceInfoSection.decode(privateBytes)
        XCTAssertEqual(section.command, .privateCommand(PrivateCommand(identifier: 0x4142_4344, privateBytes: [1, 2, 3])))
        XCTAssertEqual(section.commandName, "private_command")
        XCTAssertEqual(section.cueSignal, .other(command: "private_command"))
    }

    func testReservedCommandTypeKeepsItsBytes() throws {
        let section = try SpliceInfoSection.decode(SectionBuilder(commandType: 0x02, command: [0xAA, 0xBB]).build())
        XCTAssertEqual(section.command, .unknown(type: 0x02, bytes: [0xAA, 0xBB]))
        XCTAssertEqual(section.commandName, "reserved_0x02")
    }

    func testComponentModeSpliceInsertDecodesEachComponentTime() throws {
        var writer = BitWriter()
        writer.put(77, bits: 32); writer.flag(false); writer.reserved(7)
        writer.flag(true); writer.flag(false); writer.flag(false); writer.flag(false); writer.reserved(4)
        writer.put(2, bits: 8)
        writer.put(0x01, bits: 8); writer.append(SectionBuilder.spliceTime(nil))
        writer.put(0x02, bits: 8); writer.append(SectionBuilder.spliceTime(1_000_000))
        writer.put(3, bits: 16); writer.put(4, bits: 8); writer.put(5, bits: 8)
        let section = try SpliceInfoSection.decode(SectionBuilder(ptsAdjustment: 500, commandType: 0x05,
                                                                   command: writer.bytes).build())
        var insert = SpliceInsert(spliceEventID: 77, spliceEventCancelIndicator: false)
        insert.outOfNetworkIndicator = true
        insert.components = [.init(componentTag: 1, spliceTime: SpliceTime(ptsTime: nil)),
                             .init(componentTag: 2, spliceTime: SpliceTime(ptsTime: 1_000_000))]
        insert.uniqueProgramID = 3
        insert.availNum = 4
        insert.availsExpected = 5
        XCTAssertEqual(section.command, .spliceInsert(insert))
        XCTAssertEqual(section.spliceTimeAdjusted, 1_000_500)
    }

    func testImmediateSpliceInsertHasNoAdjustedTime() throws {
        var writer = BitWriter()
        writer.put(5, bits: 32); writer.flag(false); writer.reserved(7)
        writer.flag(false); writer.flag(true); writer.flag(false); writer.flag(true); writer.reserved(4)
        writer.put(1, bits: 16); writer.put(0, bits: 8); writer.put(0, bits: 8)
        let section = try SpliceInfoSection.decode(SectionBuilder(commandType: 0x05, command: writer.bytes).build())
        guard case .spliceInsert(let insert) = section.command else { return XCTFail("not a splice_insert") }
        XCTAssertTrue(insert.spliceImmediate)
        XCTAssertNil(insert.spliceTime)
        XCTAssertNil(section.spliceTimeAdjusted)
        XCTAssertEqual(section.cueSignal, .spliceInsert(SpliceInsertSignal(
            eventID: 5, cancel: false, outOfNetwork: false, immediate: true, breakDurationTicks: nil, autoReturn: false)))
    }

    func testPtsAdjustmentWrapsModulo2To33() throws {
        let bytes = SectionBuilder(ptsAdjustment: (1 << 33) - 90_000, commandType: 0x06,
                                   command: SectionBuilder.spliceTime(180_000)).build()
        let section = try SpliceInfoSection.decode(bytes)
        XCTAssertEqual(section.ptsAdjustment, (1 << 33) - 90_000)
        XCTAssertEqual(section.command, .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 180_000))))
        XCTAssertEqual(section.spliceTimeAdjusted, 90_000)
    }

    func testUnknownCommandLengthIsParsedFromTheCommandSyntax() throws {
        let bytes = SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(4242),
                                   descriptors: [SectionBuilder.descriptor(tag: 0x00, body: [0, 0, 0, 7])],
                                   commandLengthOverride: 0xFFF).build()
        let section = try SpliceInfoSection.decode(bytes)
        XCTAssertEqual(section.spliceCommandLength, 0xFFF)
        XCTAssertEqual(section.command, .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 4242))))
        XCTAssertEqual(section.descriptors, [.avail(AvailDescriptor(providerAvailID: 7))])
        XCTAssertTrue(section.warnings.contains("splice_command_length is 0xFFF (unknown); command length taken from its syntax"))
    }

    func testUnknownCommandLengthForPrivateCommandIsRejected() {
        let bytes = SectionBuilder(commandType: 0xFF, command: [1, 2, 3, 4], commandLengthOverride: 0xFFF).build()
        XCTAssertThrowsError(try SpliceInfoSection.decode(bytes)) { error in
            XCTAssertEqual(error as? SCTE35Error, .commandLengthUnknown(commandType: 0xFF, byteOffset: 13))
        }
    }

    func testEncryptedSectionIsNotDecodedButCRCIsChecked() throws {
        let ciphertext: [UInt8] = [0x05, 0x9A, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        var builder = SectionBuilder(encryptedPacket: true, encryptionAlgorithm: 2, commandType: 0x05,
                                     command: Array(ciphertext.dropFirst()), trailer: [0xDE, 0xAD, 0xBE, 0xEF])
        builder.cwIndex = 7
        let bytes = builder.build()
        let section = try SpliceInfoSection.decode(bytes)
        XCTAssertTrue(section.encryptedPacket)
        XCTAssertEqual(section.encryptionAlgorithm, 2)
        XCTAssertEqual(section.cwIndex, 7)
        XCTAssertTrue(section.crcOK)
        XCTAssertNil(section.spliceCommandType)
        XCTAssertEqual(section.command, .encrypted(bytes: Array(bytes[13 ..< bytes.count - 4])))
        XCTAssertEqual(section.descriptors, [])
        XCTAssertEqual(section.cueSignal, .other(command: "encrypted"))
        XCTAssertEqual(section.commandName, "encrypted")
    }
}
