import Foundation
import XCTest
@testable import Packager

final class ValidPlaylistTests: XCTestCase {
    func testVODTransportStreamPlaylistWithInterstitialIsClean() throws {
        try assertFindings("valid/vod_ts.m3u8", [])
    }

    func testVODFragmentedMP4PlaylistWithMapIsClean() throws {
        try assertFindings("valid/vod_fmp4.m3u8", [])
    }

    func testMultivariantWithIdenticalDateRangesAndLocalAssetListIsClean() throws {
        try assertFindings("valid/multivariant", maps: ValidateFixtures.adsMap("valid/assets"), [])
    }

    func testLiveAnnounceThenCompleteAcrossThreeVersionsIsClean() throws {
        let findings = try ValidateFixtures.validateLive(["valid/live/v1.m3u8", "valid/live/v2.m3u8", "valid/live/v3.m3u8"])
        XCTAssertEqual(ValidateFixtures.summary(findings), [])
    }

    func testRemovingARangeThatEndedBeforeTheWindowIsAllowed() throws {
        let findings = try ValidateFixtures.validateLive(["live/old-range-v1.m3u8", "live/valid-v2.m3u8"])
        XCTAssertEqual(ValidateFixtures.summary(findings), [])
    }

    func testDirectoryWithoutMasterValidatesEveryPlaylistInIt() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ValidateFixtures.path("broken"))
        let playlists = names.filter { $0.hasSuffix(".m3u8") }
        XCTAssertEqual(playlists.count, 33)
        var oneByOne: [String] = []
        for name in playlists {
            oneByOne += try ValidateFixtures.validate("broken/" + name).map { "\($0.file):\($0.line) \($0.rule.rawValue)" }
        }
        let whole = try ValidateFixtures.validate("broken").map { "\($0.file):\($0.line) \($0.rule.rawValue)" }
        XCTAssertEqual(whole.sorted(), oneByOne.sorted())
        XCTAssertEqual(whole.count, 43)
    }

    func testDirectoryWithMasterValidatesTheMasterAndItsMediaPlaylists() throws {
        let findings = try ValidateFixtures.validate("broken/daterange-set-equal")
        XCTAssertEqual(ValidateFixtures.summary(findings), ["broken/daterange-set-equal/b.m3u8 daterange-set-equal@5 error"])
    }
}
