import XCTest
@testable import Packager

/// `--profile`: each player or distribution profile adds its own rules; a broken and a
/// fixed playlist per profile (Fixtures/playlists/profiles/PROFILE-{broken,fixed}.m3u8).
final class ProfileTests: XCTestCase {
    private func findings(_ name: String, _ profile: ValidationProfile) throws -> [String] {
        let findings = try PlaylistValidator.validate(input: ValidateFixtures.path("profiles/\(name).m3u8"),
                                                      options: ValidateOptions(profiles: [profile]))
        return ValidateFixtures.summary(findings, mainFile: "profiles/\(name).m3u8")
    }

    private let expected: [(ValidationProfile, [String])] = [
        (.hlsjs, ["hlsjs-boundary@5 warning", "hlsjs-boundary@5 warning", "hlsjs-live-resume-offset@5 warning"]),
        (.avfoundation, ["profiles/avfoundation-broken-media.m3u8 avfoundation-live-pdt@1 error",
                         "profiles/avfoundation-broken-media.m3u8 avfoundation-independent-segments@1 error"]),
        (.shaka, ["shaka-past-interstitial@5 warning"]),
        (.media3, ["media3-back-to-back@7 warning", "daterange-start-date@8 warning", "media3-start-date-repeat@8 error"]),
        (.bitmovin, ["bitmovin-ignored-attribute@6 warning", "bitmovin-ignored-attribute@6 warning",
                     "bitmovin-ignored-attribute@6 warning"]),
        (.applePodcasts, ["podcasts-target-duration@3 error", "podcasts-vod@4 error", "podcasts-date@5 error",
                          "podcasts-attributes@6 error", "podcasts-attributes@6 error", "podcasts-attributes@6 error",
                          "podcasts-attributes@6 error", "podcasts-cue@6 error", "podcasts-boundary@7 error",
                          "podcasts-vod@11 error"]),
    ]

    func testEachProfileFindsItsBrokenPlaylistAndPassesItsFixedOne() throws {
        for (profile, broken) in expected {
            XCTAssertEqual(try findings("\(profile.rawValue)-broken", profile), broken, profile.rawValue)
            XCTAssertEqual(try findings("\(profile.rawValue)-fixed", profile), [], profile.rawValue)
        }
    }

    func testWithoutAProfileOnlyTheSpecRulesApply() throws {
        let findings = try PlaylistValidator.validate(input: ValidateFixtures.path("profiles/apple-podcasts-broken.m3u8"),
                                                      options: ValidateOptions())
        XCTAssertEqual(ValidateFixtures.summary(findings, mainFile: "profiles/apple-podcasts-broken.m3u8"), [])
    }

    func testAllMeansEveryPlayerButNotTheDistributionTarget() {
        XCTAssertEqual(ValidationProfile.parse("all"), [.hlsjs, .avfoundation, .shaka, .media3, .bitmovin])
        XCTAssertEqual(ValidationProfile.parse("apple-podcasts"), [.applePodcasts])
        XCTAssertNil(ValidationProfile.parse("vlc"))
    }

    func testShakaAndMedia3ShareThePastInterstitialRule() throws {
        XCTAssertEqual(try findings("shaka-broken", .media3), ["shaka-past-interstitial@5 warning"])
    }

    func testPkgctlVODOutputFailsThePodcastsProfileOnlyWhereItsDefaultsDiffer() throws {
        // The default output is not made for Apple Podcasts (ads are POINT/HIGHLIGHT with
        // X-RESTRICT, PDT 2000-01-01): exactly those attributes are reported, nothing else.
        let output = try VodOutputs.sample(.ts)
        let findings = try VodOutputs.validate(output, profiles: [.applePodcasts])
        XCTAssertEqual(Set(findings.map(\.rule)), [.podcastsAttributes])
        XCTAssertEqual(findings.filter { $0.file.hasSuffix("primary/index.m3u8") }.count, 6)
    }
}
