import Foundation
import XCTest
@testable import CueDetect
import Primitives

final class JSONValueTests: XCTestCase {
    func testSerializationKeepsMemberOrderAndEscapes() {
        let value = JSONValue.object([.init("z", .int(1)), .init("a", .string("q\"\\\n\u{01}é")),
                                      .init("list", .array([.bool(true), .null, .double(60.293567)]))])
        XCTAssertEqual(value.serialized(), #"{"z":1,"a":"q\"\\\n\u0001é","list":[true,null,60.293567]}"#)
        XCTAssertEqual(JSONValue.object([]).serialized(pretty: true), "{}")
        XCTAssertEqual(JSONValue.object([.init("k", .array([.int(2)]))]).serialized(pretty: true),
                       "{\n  \"k\": [\n    2\n  ]\n}")
        XCTAssertEqual(JSONValue.double(.nan).serialized(), "null")
    }

    func testSectionJSONIsValidAndUsesThreefiveNames() throws {
        let bytes = [UInt8](hex: "FC3034000000000000FFFFF00506FE72BD0050001E021C435545494800008E7FCF0001A599B00808000000002CA0A18A3402009AC9D17E")
        let json = try SpliceInfoSection.decode(bytes).jsonValue
        let text = json.serialized()
        XCTAssertEqual(text, try SpliceInfoSection.decode(bytes).jsonValue.serialized())
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let info = try XCTUnwrap(parsed["info_section"] as? [String: Any])
        XCTAssertEqual(info["table_id"] as? String, "0xfc")
        XCTAssertEqual(info["tier"] as? String, "0x0fff")
        XCTAssertEqual(info["crc"] as? String, "0x9ac9d17e")
        let command = try XCTUnwrap(parsed["command"] as? [String: Any])
        XCTAssertEqual(command["name"] as? String, "time_signal")
        let spliceTime = try XCTUnwrap(command["splice_time"] as? [String: Any])
        XCTAssertEqual(spliceTime["pts_time_ticks"] as? Int, 0x0_72BD_0050)
        XCTAssertEqual(spliceTime["pts_time"] as? Double, 21_388.766756)
        let descriptor = try XCTUnwrap((parsed["descriptors"] as? [[String: Any]])?.first)
        XCTAssertEqual(descriptor["segmentation_event_id"] as? String, "0x4800008e")
        XCTAssertEqual(descriptor["segmentation_message"] as? String, "Provider Placement Opportunity Start")
        XCTAssertEqual(descriptor["segmentation_duration"] as? Double, 307.0)
        XCTAssertEqual(descriptor["segmentation_upid"] as? String, "0x000000002CA0A18A")
        XCTAssertEqual(descriptor["device_restrictions"] as? Int, 3)
        XCTAssertNil(descriptor["sub_segment_num"])
        XCTAssertEqual(parsed["crc_ok"] as? Bool, true)
    }
}
