import Foundation
import XCTest
@testable import CueDetect
import Primitives

/// Every cue of the recorded fixtures decodes to what threefive 3.1.5 printed for it.
final class SCTE35FixtureTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testLiveFixtureCuesMatchThreefive() throws {
        try checkFixture("live_scte35.cues.json", expectedCount: 10)
    }

    func testStitchedVODFixtureCuesMatchThreefive() throws {
        try checkFixture("stitched_vod.cues.json", expectedCount: 4)
    }

    private func checkFixture(_ name: String, expectedCount: Int) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cues = try XCTUnwrap(root["cues"] as? [[String: Any]])
        XCTAssertEqual(cues.count, expectedCount)
        for cue in cues {
            let label = "\(name) cue \(cue["index"] ?? "?") (\(cue["label"] ?? ""))"
            let base64 = try XCTUnwrap(cue["base64"] as? String, label)
            let section = try SpliceInfoSection.decode([UInt8](try XCTUnwrap(Data(base64Encoded: base64), label)))
            try checkCue(cue, section, label)
        }
    }

    private func checkCue(_ cue: [String: Any], _ section: SpliceInfoSection, _ label: String) throws {
        XCTAssertTrue(section.crcOK, label)
        XCTAssertEqual(section.commandName, cue["command"] as? String, label)
        XCTAssertEqual(section.spliceCommandType.map(Int.init), cue["command_type"] as? Int, label)
        XCTAssertEqual(HexText.prefixed(UInt64(section.tier), digits: 4), cue["tier"] as? String, label)
        XCTAssertEqual(HexText.prefixed(UInt64(section.sapType), digits: 2), cue["sap_type"] as? String, label)
        XCTAssertEqual(Int(section.ptsAdjustment), cue["pts_adjustment_ticks"] as? Int, label)
        XCTAssertEqual(section.spliceTimeAdjusted.map { Int($0) }, cue["effective_pts_ticks"] as? Int, label)

        switch section.command {
        case .spliceNull:
            XCTAssertEqual(section.cueSignal, .heartbeat, label)
        case .timeSignal(let signal):
            XCTAssertEqual(signal.spliceTime.ptsTime.map { Int($0) }, cue["pts_time_ticks"] as? Int, label)
            try checkDescriptors(cue, section, label)
        case .spliceInsert(let insert):
            try checkInsert(cue, insert, label)
        default:
            XCTFail("\(label): unexpected command \(section.commandName)")
        }
    }

    private func checkInsert(_ cue: [String: Any], _ insert: SpliceInsert, _ label: String) throws {
        XCTAssertEqual(Int(insert.spliceEventID), cue["splice_event_id"] as? Int, label)
        XCTAssertEqual(insert.spliceEventCancelIndicator, cue["cancel"] as? Bool, label)
        guard !insert.spliceEventCancelIndicator else { return }
        XCTAssertEqual(insert.spliceTime?.ptsTime.map { Int($0) }, cue["pts_time_ticks"] as? Int, label)
        XCTAssertEqual(insert.outOfNetworkIndicator, cue["out_of_network"] as? Bool, label)
        XCTAssertEqual(insert.spliceImmediate, cue["splice_immediate"] as? Bool, label)
        XCTAssertEqual(insert.breakDuration.map { Double($0.duration) / 90_000 }, cue["duration_s"] as? Double, label)
        XCTAssertEqual(insert.breakDuration?.autoReturn, cue["auto_return"] as? Bool, label)
        XCTAssertEqual(Int(insert.uniqueProgramID), cue["unique_program_id"] as? Int, label)
        XCTAssertEqual(Int(insert.availNum), cue["avail_num"] as? Int, label)
        XCTAssertEqual(Int(insert.availsExpected), cue["avails_expected"] as? Int, label)
    }

    private func checkDescriptors(_ cue: [String: Any], _ section: SpliceInfoSection, _ label: String) throws {
        let expected = try XCTUnwrap(cue["descriptors"] as? [[String: Any]], label)
        let decoded = section.segmentationDescriptors
        XCTAssertEqual(decoded.count, expected.count, label)
        for (descriptor, want) in zip(decoded, expected) {
            XCTAssertEqual(HexText.prefixed(UInt64(descriptor.segmentationEventID), digits: 4),
                           want["segmentation_event_id"] as? String, label)
            XCTAssertEqual(Int(descriptor.segmentationEventID), want["segmentation_event_id_int"] as? Int, label)
            XCTAssertEqual(descriptor.segmentationEventCancelIndicator,
                           want["segmentation_event_cancel_indicator"] as? Bool, label)
            XCTAssertEqual(Int(descriptor.segmentationTypeID), want["segmentation_type_id"] as? Int, label)
            XCTAssertEqual(descriptor.segmentationType.name, want["segmentation_message"] as? String, label)
            XCTAssertEqual(descriptor.segmentationDuration.map { Double($0) / 90_000 },
                           want["segmentation_duration"] as? Double, label)
            XCTAssertEqual(Int(descriptor.upid.type), want["segmentation_upid_type"] as? Int, label)
            XCTAssertEqual(SegmentationUPID.typeName(descriptor.upid.type),
                           want["segmentation_upid_type_name"] as? String, label)
            XCTAssertEqual(descriptor.upid.text, want["segmentation_upid"] as? String, label)
            XCTAssertEqual(Int(descriptor.segmentNum), want["segment_num"] as? Int, label)
            XCTAssertEqual(Int(descriptor.segmentsExpected), want["segments_expected"] as? Int, label)
            XCTAssertEqual(descriptor.subSegmentNum.map(Int.init), want["sub_segment_num"] as? Int, label)
            XCTAssertEqual(descriptor.subSegmentsExpected.map(Int.init), want["sub_segments_expected"] as? Int, label)
            XCTAssertEqual(descriptor.deliveryNotRestrictedFlag, want["delivery_not_restricted_flag"] as? Bool, label)
        }
        guard case .segmentation(let signals) = section.cueSignal else {
            return XCTFail("\(label): time_signal should map to segmentation")
        }
        XCTAssertEqual(signals.map(\.eventID), decoded.map(\.segmentationEventID), label)
        XCTAssertEqual(signals.map(\.upid), expected.compactMap { $0["segmentation_upid"] as? String }, label)
    }
}
