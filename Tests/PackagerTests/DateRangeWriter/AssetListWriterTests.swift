import Foundation
import XCTest
@testable import DateRangeWriter

final class AssetListWriterTests: XCTestCase {
    private let signaling = AdCreativeSignaling(slots: [
        .init(start: .zero, duration: HLSDecimal(milliseconds: 14_960),
              identifiers: [.init(scheme: "https://aditude.example/ad-id", value: "ABCD1234000H")],
              tracking: [.init(type: "impression", urls: ["https://t.example/i?c=1"])]),
    ])

    func testAssetListJSONHasFixedKeyOrderAndCanonicalNumbers() throws {
        let list = AssetList(
            assets: [
                .init(uri: "https://ads.example.com/c1/index.m3u8", duration: HLSDecimal(seconds: 15)),
                .init(uri: "https://ads.example.com/c2/index.m3u8", duration: HLSDecimal(milliseconds: 14_960),
                      creativeSignaling: signaling.json),
            ],
            skipControl: .init(offset: 5, duration: 10, labelID: "SKIP_AD"))
        let json = try AssetListWriter.json(list)
        XCTAssertEqual(json,
            #"{"ASSETS":[{"URI":"https://ads.example.com/c1/index.m3u8","DURATION":15},"#
            + #"{"URI":"https://ads.example.com/c2/index.m3u8","DURATION":14.96,"X-AD-CREATIVE-SIGNALING":"#
            + #"{"version":2,"type":"slot","payload":[{"type":"linear","start":0,"duration":14.96,"#
            + #""identifiers":[{"scheme":"https://aditude.example/ad-id","value":"ABCD1234000H"}],"#
            + #""tracking":[{"type":"impression","urls":["https://t.example/i?c=1"]}]}]}}],"#
            + #""SKIP-CONTROL":{"OFFSET":5,"DURATION":10,"LABEL-ID":"SKIP_AD"}}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual((parsed?["ASSETS"] as? [Any])?.count, 2)
    }

    func testEmptyListAndPodLevelSignaling() throws {
        XCTAssertEqual(try AssetListWriter.json(AssetList(assets: [])), #"{"ASSETS":[]}"#)
        let pod = AssetList(assets: [], creativeSignaling: .object([CanonicalJSONMember("version", .integer(2)), CanonicalJSONMember("type", .string("pod"))]))
        XCTAssertEqual(try AssetListWriter.json(pod), #"{"ASSETS":[],"X-AD-CREATIVE-SIGNALING":{"version":2,"type":"pod"}}"#)
    }

    func testRelativeAssetURIsAreRejected() {
        let list = AssetList(assets: [.init(uri: "https://a.example/1.m3u8", duration: .zero),
                                      .init(uri: "ads/2.m3u8", duration: .zero)])
        XCTAssertThrowsError(try AssetListWriter.json(list)) {
            XCTAssertEqual($0 as? AssetListError, .relativeAssetURI(index: 1, uri: "ads/2.m3u8"))
        }
    }

    func testNegativeDurationAndBadSkipLabelAreRejected() {
        XCTAssertThrowsError(try AssetListWriter.json(AssetList(assets: [.init(uri: "https://a.example/1.m3u8", duration: HLSDecimal(milliseconds: -1))]))) {
            XCTAssertEqual($0 as? AssetListError, .negativeDuration(index: 0, milliseconds: -1))
        }
        XCTAssertThrowsError(try AssetListWriter.json(AssetList(assets: [], skipControl: .init(offset: 0, labelID: "skip 1")))) {
            XCTAssertEqual($0 as? AssetListError, .invalidSkipLabel("skip 1"))
        }
    }

    func testStringsAreEscaped() {
        XCTAssertEqual(CanonicalJSON.string("a\"b\\c\n\u{01}é").text, #""a\"b\\c\n\u0001é""#)
    }

    func testCreativeSignalingAttributeIsBase64OfTheJSON() throws {
        let attribute = signaling.clientAttribute
        XCTAssertEqual(attribute.name, "X-AD-CREATIVE-SIGNALING")
        guard case let .string(base64) = attribute.value, let data = Data(base64Encoded: base64) else {
            return XCTFail("expected a base64 quoted-string, got \(attribute.value)")
        }
        XCTAssertEqual(String(decoding: data, as: UTF8.self), signaling.json.text)
    }
}
