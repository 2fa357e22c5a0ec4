import XCTest
@testable import Packager

final class InterstitialRuleTests: XCTestCase {
    func testInterstitialNeedsExactlyOneAssetReference() throws {
        try assertFindings("broken/interstitial-asset-ref.m3u8",
                           ["interstitial-asset-ref@5 error", "interstitial-asset-ref@6 error"])
    }

    func testRelativeAssetURIIsRejectedForAVFoundationAndHlsJS() throws {
        try assertFindings("broken/interstitial-asset-uri-absolute.m3u8", ["interstitial-asset-uri-absolute@5 error"])
        let findings = try ValidateFixtures.validate("broken/interstitial-asset-uri-absolute.m3u8")
        XCTAssertEqual(findings.first?.breaks, [.avFoundation, .hlsJS])
    }

    func testCueWithPreAndPostIsRejected() throws {
        try assertFindings("broken/interstitial-cue-pre-post.m3u8", ["interstitial-cue-pre-post@5 error"])
    }

    func testLocalAssetWithoutEndListIsNotVOD() throws {
        let findings = try ValidateFixtures.validate("broken/asset-vod.m3u8", maps: ValidateFixtures.adsMap("broken/assets"))
        XCTAssertEqual(ValidateFixtures.summary(findings), ["broken/assets/live-ad.m3u8 asset-vod@5 error"])
    }

    func testAssetThatSchedulesInterstitialsIsRejected() throws {
        let findings = try ValidateFixtures.validate("broken/asset-no-interstitials.m3u8",
                                                     maps: ValidateFixtures.adsMap("broken/assets"))
        XCTAssertEqual(ValidateFixtures.summary(findings), ["broken/assets/nested.m3u8 asset-no-interstitials@5 error"])
    }

    func testAssetListWithRelativeURIStringDurationAndMissingURIIsRejected() throws {
        let findings = try ValidateFixtures.validate("broken/asset-list-json.m3u8")
        XCTAssertEqual(findings.map(\.message), [
            "ASSETS[0].URI \"ad1/index.m3u8\" is not an absolute URI",
            "ASSETS[0].DURATION must be a number, found a string",
            "ASSETS[1] has no \"URI\"",
            "ad1/index.m3u8 resolves to \(ValidateFixtures.path("broken/lists/ad1/index.m3u8")), which does not exist",
        ])
        XCTAssertEqual(ValidateFixtures.summary(findings), [
            "broken/lists/bad.json asset-list-json@0 error", "broken/lists/bad.json asset-list-json@0 error",
            "broken/lists/bad.json asset-list-json@0 error", "broken/lists/bad.json reference-missing@0 error",
        ])
    }

    func testMappedAssetThatDoesNotExistIsReportedAtTheReferringLine() throws {
        try assertFindings("broken/interstitial-cue-pre-post.m3u8", maps: ValidateFixtures.adsMap("broken/assets"),
                           ["interstitial-cue-pre-post@5 error", "reference-missing@5 error"])
    }

    func testInterstitialDurationDifferentFromItsAssetListWarns() throws {
        try assertFindings("broken/asset-duration.m3u8", ["asset-duration@5 warning"])
        let findings = try ValidateFixtures.validate("broken/asset-duration.m3u8")
        XCTAssertEqual(findings.first?.message, "interstitial \"ad1\": DURATION=30.0 but its assets last 20.0 s")
    }
}
