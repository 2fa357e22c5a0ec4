import XCTest
@testable import Packager

/// Hand-computed schedules for the fixture playlists (10 × 10 s primary, PDT at
/// 2025-01-01T00:00:00Z; comments give the arithmetic). `start-end` is the integrated
/// timeline (a POINT interstitial has zero width), `o:` the playout timeline, `p:` primary.
final class IntegratedTimelineTests: XCTestCase {
    func testPointWithResumeZeroAddsPlayoutTimeButNoIntegratedTime() throws {
        // 100 s primary + 15 s POINT ad at 20 s that resumes where it started:
        // integrated 100, playout 115.
        let snapshot = try TimelineFixtures.snapshot("point_resume0.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(115))
        XCTAssertEqual(snapshot.primaryDurationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-20 o:0-20 p:0-20", "ad1 20-20 o:20-35 p:20-20", "primary 20-100 o:35-115 p:20-100"])
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
        // Resume offset defaults to the 20 s played, so the 20 s RANGE ad replaces 30–50 s.
        let snapshot = try TimelineFixtures.snapshot("range_resume_duration.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-30 o:0-30 p:0-30", "ad1 30-50 o:30-50 p:30-50", "primary 50-100 o:50-100 p:50-100"])
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
                       ["primary 0-40 o:0-40 p:0-40", "recap 40-50 o:40-50 p:40-50", "primary 50-100 o:50-100 p:50-100"])
        XCTAssertEqual(snapshot.markers, [])
        XCTAssertEqual(snapshot.segments[1].interstitial?.style, .primary)
        XCTAssertEqual(snapshot.segments[1].interstitial?.occupancy, .range)
    }

    func testInterstitialsAtOneTimePlayInTagOrderAndTheirResumeOffsetsAdd() throws {
        // break-b (tag 1): 10 s, resume 10 → 50→60; break-a (tag 2) starts where b resumed
        // and resumes 10 + 5 after 50 → 60→65. Both POINT: integrated 50 + 35 = 85;
        // playout 100 + 10 + 8 − 15 = 103.
        let snapshot = try TimelineFixtures.snapshot("stacked.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(85))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(103))
        XCTAssertEqual(TimelineFixtures.summary(snapshot), [
            "primary 0-50 o:0-50 p:0-50", "break-b 50-50 o:50-60 p:50-60", "break-a 50-50 o:60-68 p:60-65",
            "primary 50-85 o:68-103 p:65-100",
        ])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["point break-b 50-50", "point break-a 50-50"])
    }

    func testPreRollPlaysBeforePrimaryAndPostRollAfterItsEnd() throws {
        // 5 s pre-roll (resume 0), 100 s primary, 7 s post-roll (its resume offset cannot
        // move primary past its end). Both POINT: integrated 100, playout 112.
        let snapshot = try TimelineFixtures.snapshot("pre_post.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(112))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["pre 0-0 o:0-5 p:0-0", "primary 0-100 o:5-105 p:0-100", "post 100-100 o:105-112 p:100-100"])
        XCTAssertEqual(snapshot.segments[0].interstitial?.cue, .pre)
        XCTAssertEqual(snapshot.segments[0].interstitial?.once, true)
        XCTAssertEqual(snapshot.segments[2].interstitial?.cue, .post)
        XCTAssertEqual(snapshot.segments[2].interstitial?.resumeOffsetNanos, TimelineFixtures.seconds(7))
    }

    func testPlayoutLimitShorterThanTheAssetCapsPlaybackAndBecomesTheResumeOffset() throws {
        // The local asset playlist is 3 × 10 s; X-PLAYOUT-LIMIT=12 cuts it, and without
        // X-RESUME-OFFSET primary resumes 12 s later (HLS D.2). POINT: integrated 88.
        let snapshot = try TimelineFixtures.snapshot("playout_limit.m3u8")
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(88))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-60 o:0-60 p:0-60", "ad1 60-60 o:60-72 p:60-72", "primary 60-88 o:72-100 p:72-100"])
        let ad = try XCTUnwrap(snapshot.segments[1].interstitial)
        XCTAssertEqual(ad.assetDurationNanos, TimelineFixtures.seconds(30))
        XCTAssertEqual(ad.playoutLimitNanos, TimelineFixtures.seconds(12))
        XCTAssertEqual(ad.assets, [InterstitialAsset(uri: "assets/ad30.m3u8", durationNanos: TimelineFixtures.seconds(30))])
    }

    func testLocalAssetListDurationsAddUpAndOverridePlannedDuration() throws {
        // 6 + 15.5 + 8.25 = 29.75 s RANGE inserted at 10 s (resume 0); PLANNED-DURATION=30
        // loses to what the list actually holds.
        let snapshot = try TimelineFixtures.snapshot("asset_list.m3u8")
        XCTAssertEqual(snapshot.durationNanos, 129_750_000_000)
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-10 o:0-10 p:0-10", "pod 10-39.75 o:10-39.75 p:10-10", "primary 39.75-129.75 o:39.75-129.75 p:10-100"])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["range pod 10-39.75"])
        XCTAssertEqual(snapshot.segments[1].interstitial?.assets.map(\.durationNanos),
                       [6_000_000_000, 15_500_000_000, 8_250_000_000])
    }

    func testMultivariantPlaylistIsReadThroughItsFirstVideoVariant() throws {
        // The audio-only variant comes first and has no interstitials.
        let input = try TimelineLoader().load(.file(TimelineFixtures.path("master.m3u8")))
        XCTAssertEqual(input.mediaPlaylist, .file(TimelineFixtures.path("point_resume0.m3u8")))
        XCTAssertEqual(IntegratedTimeline.snapshot(of: input).playoutDurationNanos, TimelineFixtures.seconds(115))
    }

    func testNegativeResumeOffsetReplaysPrimaryBeforeTheScheduledPoint() {
        // A 4 s POINT at 10 s resuming 3 s earlier: primary 7–10 plays twice.
        let replay = TimelineTestData.interstitial("replay", at: 10, duration: 4, resume: -3)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 20, [replay]))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-10 o:0-10 p:0-10", "replay 10-10 o:10-14 p:10-7", "primary 10-23 o:14-27 p:7-20"])
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(23))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(27))
    }

    func testPrimaryStretchOf33MillisecondsOrLessBetweenInterstitialsIsNotPlayed() {
        // a: 5 s at 10, resume 5 → 15; b at 15.02: the 20 ms of primary between them is
        // absorbed by a (hls.js ABUTTING_THRESHOLD_SECONDS), so a is taken to end at 15.02.
        let a = TimelineTestData.interstitial("a", at: 10, duration: 5, resume: 5)
        let b = TimelineTestData.interstitial("b", at: 0, duration: 5, resume: 5)
        let later = ScheduledInterstitial(id: "b", line: 1, cue: .atStartDate, startNanos: 15_020_000_000, rangeEndNanos: nil,
                                          occupancy: .point, style: .highlight, contentMayVary: true, restrictions: [],
                                          explicitResumeOffsetNanos: b.explicitResumeOffsetNanos, playoutLimitNanos: nil,
                                          assets: [], assetDurationNanos: b.assetDurationNanos)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 30, [a, later]))
        XCTAssertEqual(TimelineFixtures.summary(snapshot), [
            "primary 0-10 o:0-10 p:0-10", "a 10-10 o:10-15 p:10-15.02", "b 10-10 o:15-20 p:15.02-20.02",
            "primary 10-19.98 o:20-29.98 p:20.02-30",
        ])
    }
}
