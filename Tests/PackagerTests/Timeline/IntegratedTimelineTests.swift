import XCTest
@testable import Packager

/// Hand-computed integrated timelines for the fixture playlists (10 × 10 s primary, PDT at
/// 2025-01-01T00:00:00Z; comments give the arithmetic).
final class IntegratedTimelineTests: XCTestCase {
    func testPointWithResumeZeroAddsItsWholeDurationAndConsumesNoPrimary() throws {
        // 100 s primary + 15 s ad at 20 s that resumes where it started.
        let snapshot = try TimelineFixtures.snapshot("point_resume0.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(115))
        XCTAssertEqual(snapshot.primaryDurationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-20 p:0-20", "ad1 20-35 p:20-20", "primary 35-115 p:20-100"])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["point ad1 20-20"])
        let ad = try XCTUnwrap(snapshot.segments[1].interstitial)
        XCTAssertEqual(ad.restrictions, ["SKIP", "JUMP"])
        XCTAssertTrue(ad.contentMayVary)
        XCTAssertEqual(ad.occupancy, .point)
        XCTAssertEqual(ad.style, .highlight)
        XCTAssertEqual(ad.resumeOffsetNanos, 0)
        XCTAssertEqual(ad.assets, [InterstitialAsset(uri: "https://ads.example.com/ad1.m3u8", durationNanos: nil)])
    }

    func testRangeWithoutResumeOffsetReplacesItsDurationOfPrimary() throws {
        // Resume offset defaults to the 20 s played, so the 20 s ad replaces 30–50 s.
        let snapshot = try TimelineFixtures.snapshot("range_resume_duration.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-30 p:0-30", "ad1 30-50 p:30-50", "primary 50-100 p:50-100"])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["range ad1 30-50"])
        let ad = try XCTUnwrap(snapshot.segments[1].interstitial)
        XCTAssertFalse(ad.contentMayVary)
        XCTAssertEqual(ad.restrictions, ["JUMP"])
        XCTAssertNil(ad.explicitResumeOffsetNanos)
        XCTAssertEqual(ad.resumeOffsetNanos, TimelineFixtures.seconds(20))
    }

    func testRangeWithPrimaryStyleHasASegmentButNoMarker() throws {
        let snapshot = try TimelineFixtures.snapshot("range_primary_style.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-40 p:0-40", "recap 40-50 p:40-50", "primary 50-100 p:50-100"])
        XCTAssertEqual(snapshot.markers, [])
        XCTAssertEqual(snapshot.segments[1].interstitial?.style, .primary)
        XCTAssertEqual(snapshot.segments[1].interstitial?.occupancy, .range)
    }

    func testInterstitialsAtOneTimePlayInTagOrderAndTheirResumeOffsetsAdd() throws {
        // break-b (tag 1): 10 s, resume 10 → 50→60; break-a (tag 2): 8 s, resume 5 → 60→65.
        // Integrated: 100 + (10 − 10) + (8 − 5) = 103 s.
        let snapshot = try TimelineFixtures.snapshot("stacked.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(103))
        XCTAssertEqual(TimelineFixtures.summary(snapshot), [
            "primary 0-50 p:0-50", "break-b 50-60 p:50-60", "break-a 60-68 p:60-65", "primary 68-103 p:65-100",
        ])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["point break-b 50-50", "point break-a 60-60"])
    }

    func testPreRollPlaysBeforePrimaryAndPostRollAfterItsEnd() throws {
        // 5 s pre-roll (resume 0), 100 s primary, 7 s post-roll (its resume offset cannot
        // move primary past its end).
        let snapshot = try TimelineFixtures.snapshot("pre_post.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(112))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["pre 0-5 p:0-0", "primary 5-105 p:0-100", "post 105-112 p:100-100"])
        XCTAssertEqual(snapshot.segments[0].interstitial?.cue, .pre)
        XCTAssertEqual(snapshot.segments[2].interstitial?.cue, .post)
        XCTAssertEqual(snapshot.segments[2].interstitial?.resumeOffsetNanos, TimelineFixtures.seconds(7))
    }

    func testPlayoutLimitShorterThanTheAssetCapsPlaybackAndBecomesTheResumeOffset() throws {
        // The local asset playlist is 3 × 10 s; X-PLAYOUT-LIMIT=12 cuts it, and without
        // X-RESUME-OFFSET primary resumes 12 s later (HLS Appendix D.2).
        let snapshot = try TimelineFixtures.snapshot("playout_limit.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-60 p:0-60", "ad1 60-72 p:60-72", "primary 72-100 p:72-100"])
        let ad = try XCTUnwrap(snapshot.segments[1].interstitial)
        XCTAssertEqual(ad.assetDurationNanos, TimelineFixtures.seconds(30))
        XCTAssertEqual(ad.playoutLimitNanos, TimelineFixtures.seconds(12))
        XCTAssertEqual(ad.assets, [InterstitialAsset(uri: "assets/ad30.m3u8", durationNanos: TimelineFixtures.seconds(30))])
    }

    func testLocalAssetListDurationsAddUpAndOverridePlannedDuration() throws {
        // 6 + 15.5 + 8.25 = 29.75 s inserted at 10 s (resume 0); PLANNED-DURATION=30 loses
        // to what the list actually holds.
        let snapshot = try TimelineFixtures.snapshot("asset_list.m3u8")
        XCTAssertEqual(snapshot.durationNanos, 129_750_000_000)
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-10 p:0-10", "pod 10-39.75 p:10-10", "primary 39.75-129.75 p:10-100"])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["range pod 10-39.75"])
        XCTAssertEqual(snapshot.segments[1].interstitial?.assets.map(\.durationNanos),
                       [6_000_000_000, 15_500_000_000, 8_250_000_000])
    }

    func testMultivariantPlaylistIsReadThroughItsFirstVideoVariant() throws {
        // The audio-only variant comes first and has no interstitials.
        let input = try TimelineLoader().load(.file(TimelineFixtures.path("master.m3u8")))
        XCTAssertEqual(input.mediaPlaylist, .file(TimelineFixtures.path("point_resume0.m3u8")))
        XCTAssertEqual(IntegratedTimeline.snapshot(of: input).durationNanos, TimelineFixtures.seconds(115))
    }

    func testNegativeResumeOffsetReplaysPrimaryBeforeTheScheduledPoint() {
        // A 4 s interstitial at 10 s resuming 3 s earlier: primary 7–10 plays twice.
        let replay = TimelineTestData.interstitial("replay", at: 10, duration: 4, resume: -3)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 20, [replay]))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-10 p:0-10", "replay 10-14 p:10-7", "primary 14-27 p:7-20"])
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(27))
    }
}
