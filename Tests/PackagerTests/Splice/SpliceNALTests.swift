import XCTest
@testable import Packager

/// Byte-level pieces of the cutter: NAL framing, parameter-set ids, avcC merging, the resume
/// keyframe's rewrite.
final class SpliceNALTests: XCTestCase {
    private let sps0: [UInt8] = [0x67, 0x64, 0x00, 0x1F, 0x80]      // seq_parameter_set_id ue '1' = 0
    private let sps1: [UInt8] = [0x67, 0x64, 0x00, 0x1F, 0x50]      // '010' = 1
    private let pps0: [UInt8] = [0x68, 0xC0]                        // pps 0 → sps 0
    private let pps1: [UInt8] = [0x68, 0x48]                        // pps '010' = 1 → sps '010' = 1

    func testLengthPrefixedAndAnnexBFramingRoundTrip() {
        let units: [ArraySlice<UInt8>] = [[0x09, 0xF0], [0x65, 0x88, 0x00, 0x00, 0x03, 0x01]]
        let prefixed = NALPacketFormat.lengthPrefixed(size: 4).packet(units)
        XCTAssertEqual(prefixed, [0, 0, 0, 2, 0x09, 0xF0, 0, 0, 0, 6, 0x65, 0x88, 0, 0, 3, 1])
        XCTAssertEqual(NALPacketFormat.lengthPrefixed(size: 4).units(prefixed).map(Array.init), units.map(Array.init))
        let annexB = NALPacketFormat.annexB.packet(units)
        XCTAssertEqual(NALPacketFormat.annexB.units(annexB).map(Array.init), units.map(Array.init))
    }

    func testFirstVCLHeaderIsTheSlicesFirstBytesInBothFramings() {
        let aud: [UInt8] = [0x09, 0xF0], sei: [UInt8] = [0x06, 0x05, 0x01, 0x00, 0x80]
        let slice: [UInt8] = [0x41, 0x9A, 0x00, 0x00, 0x03, 0x01, 0x77]
        let units = [aud[...], sps0[...], pps0[...], sei[...], slice[...]]
        // Four-byte start codes, and an empty unit between two start codes, as encoders write them.
        let annexB = [0, 0, 0, 1] + aud + [0, 0, 1, 0, 0, 1] + sps0 + [0, 0, 0, 1] + pps0 + [0, 0, 1] + sei
            + [0, 0, 0, 1] + slice
        XCTAssertEqual(NALPacketFormat.annexB.units(annexB).map(Array.init), units.map(Array.init))
        XCTAssertEqual(NALPacketFormat.annexB.firstUnitHeader(annexB, where: SpliceCodec.h264.isVCL).map(Array.init), [0x41, 0x9A])
        let prefixed = NALPacketFormat.lengthPrefixed(size: 4).packet(units)
        XCTAssertEqual(NALPacketFormat.lengthPrefixed(size: 4).firstUnitHeader(prefixed, where: SpliceCodec.h264.isVCL)
            .map(Array.init), [0x41, 0x9A])
        XCTAssertNil(NALPacketFormat.annexB.firstUnitHeader(NALPacketFormat.annexB.packet([aud[...], sps0[...]]),
                                                           where: SpliceCodec.h264.isVCL))
        // HEVC TRAIL_N (header 00 01) is a unit, not padding.
        let trailN: [UInt8] = [0x00, 0x01, 0xD0, 0x11]
        let hevc = NALPacketFormat.annexB.packet([[0x46, 0x01, 0x50][...], trailN[...]])
        XCTAssertEqual(NALPacketFormat.annexB.firstUnitHeader(hevc, where: SpliceCodec.hevc.isVCL).map(Array.init), [0x00, 0x01])
    }

    func testTruncatedLengthPrefixEndsTheList() {
        XCTAssertEqual(NALPacketFormat.lengthPrefixed(size: 2).units([0, 2, 0x41, 0x01, 0, 9, 0x41]).count, 1)
    }

    func testFramingFollowsTheExtradata() {
        XCTAssertEqual(NALPacketFormat(extradata: [1, 0x64, 0, 0x1F, 0xFF, 0xE1], isHEVC: false), .lengthPrefixed(size: 4))
        XCTAssertEqual(NALPacketFormat(extradata: [0, 0, 0, 1, 0x67], isHEVC: false), .annexB)
        XCTAssertEqual(NALPacketFormat(extradata: [], isHEVC: true), .annexB)
    }

    func testParameterSetIDsAndAFreeOne() {
        XCTAssertEqual(H264ParameterSetID.sps(sps1), 1)
        XCTAssertEqual(H264ParameterSetID.pps(pps1)?.pps, 1)
        XCTAssertEqual(H264ParameterSetID.pps(pps1)?.sps, 1)
        XCTAssertEqual(H264ParameterSetID.freeID(amongst: [sps0, pps0]), 1)
        XCTAssertEqual(H264ParameterSetID.freeID(amongst: [sps0, sps1, pps0, pps1]), 2)
    }

    func testMergedAVCConfigurationListsBothParameterSetPairsInIDOrder() throws {
        let record: [UInt8] = [1, 0x64, 0x00, 0x1F, 0xFF, 0xE1, 0, 5] + sps0 + [1, 0, 2] + pps0
        let merged = try XCTUnwrap(DecoderConfigurationRecord.mergingAVC(record, adding: [pps1, sps1]))
        XCTAssertEqual(merged, [1, 0x64, 0x00, 0x1F, 0xFF, 0xE2, 0, 5] + sps0 + [0, 5] + sps1 + [2, 0, 2] + pps0 + [0, 2] + pps1)
        XCTAssertEqual(DecoderConfigurationRecord.parameterSets(extradata: merged, codec: .h264), [sps0, sps1, pps0, pps1])
        XCTAssertNil(DecoderConfigurationRecord.mergingAVC(record, adding: [sps0]), "an id listed twice")
    }

    func testResumeCRABecomesBLAWithParameterSetsAfterItsDelimiter() {
        let aud: [UInt8] = [0x46, 0x01, 0x50], cra: [UInt8] = [0x2A, 0x01, 0xAF, 0x10]
        let vps: [UInt8] = [0x40, 0x01, 0x0C], sps: [UInt8] = [0x42, 0x01, 0x01], pps: [UInt8] = [0x44, 0x01, 0xC1]
        let packet = NALPacketFormat.annexB.packet([aud[...], cra[...]])
        let rewritten = ResumeKeyframe.rewrite(packet, codec: .hevc, format: .annexB, parameterSets: [vps, sps, pps])
        XCTAssertEqual(NALPacketFormat.annexB.units(rewritten).map(Array.init), [aud, vps, sps, pps, [0x24, 0x01, 0xAF, 0x10]])
    }

    func testResumeKeyframeWithInBandParameterSetsKeepsItsBytes() {
        let packet = NALPacketFormat.annexB.packet([sps0[...], pps0[...], [0x65, 0x88][...]])
        XCTAssertEqual(ResumeKeyframe.rewrite(packet, codec: .h264, format: .annexB, parameterSets: [sps0, pps0]), packet)
    }

    func testNonReferencePictures() {
        XCTAssertTrue(SpliceCodec.h264.isNonReference([0x01, 0x9E]))      // nal_ref_idc 0, non-IDR slice
        XCTAssertFalse(SpliceCodec.h264.isNonReference([0x21, 0x9E]))
        XCTAssertTrue(SpliceCodec.hevc.isNonReference([0x00, 0x01]))      // TRAIL_N
        XCTAssertFalse(SpliceCodec.hevc.isNonReference([0x02, 0x01]))     // TRAIL_R
        XCTAssertTrue(SpliceCodec.hevc.isNonReference([0x10, 0x01]))      // RASL_N
    }
}
