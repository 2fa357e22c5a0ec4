import XCTest
@testable import Packager

/// The VOD schedules that hls.js's own unit tests expect
/// (`tests/unit/controller/interstitials-controller.ts`, "Interstitial Parsing and
/// Schedule" and "Interstitial Playback"), rebuilt here from the same timings with our own
/// playlists. Each comment gives the case's name there and the arithmetic.
final class IntegratedTimelineHlsjsVodTests: XCTestCase {
    private typealias P = TimelinePlaylistText
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    /// "should parse Interstitial Events … and produce a schedule": 2 × 6 s, a 30 s POINT
    /// at 4 s with X-SNAP="OUT,IN". OUT moves it to 6 (4 s is in the second half of 0–6);
    /// it resumes at 36, past the 12 s end, so primary ends with it. Integrated 6, playout 36.
    func testSnapOutMovesTheStartToTheNearerBoundaryAndAResumePastTheEndEndsPrimary() throws {
        var playlist = P(target: 6, segments: [6, 6])
        playlist.ranges = [(0, P.interstitial("ad", at: 4, #"DURATION=30,X-RESTRICT="SKIP,JUMP",X-SNAP="OUT,IN""#))]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), ["primary p:0-6 o:0-6 i:0-6", "ad p:6-36 o:6-36 i:6-6"])
        XCTAssertEqual(snapshot.durationNanos, 6_000_000_000)
        XCTAssertEqual(snapshot.playoutDurationNanos, 36_000_000_000)
    }

    /// "X-RESUME-OFFSET values of interstitials scheduled at the same time are cumulative":
    /// 4 × 10 s; RANGE 5 s and 25 s at 0 (resume = duration) → 0→5, 5→30; primary 30–31;
    /// at 31: 3 s resume 0 → 31→31, 3 s (resume 3) → 31→34, 3 s resume 4 → 34→38; primary 38–40.
    func testResumeOffsetsAtOneTimeAddUpAndNoPrimaryPlaysBetweenThem() throws {
        var playlist = P(target: 10, segments: [10, 10, 10, 10])
        let range = #"X-TIMELINE-OCCUPIES="RANGE""#
        playlist.ranges = [
            (0, P.interstitial("0", at: 0, "DURATION=5," + range)),
            (0, P.interstitial("1", at: 0, "DURATION=25," + range)),
            (3, P.interstitial("2", at: 31, "DURATION=3,X-RESUME-OFFSET=0," + range)),
            (3, P.interstitial("3", at: 31, "DURATION=3," + range)),
            (3, P.interstitial("4", at: 31, "DURATION=3,X-RESUME-OFFSET=4," + range)),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "0 p:0-5 o:0-5 i:0-5", "1 p:5-30 o:5-30 i:5-30", "primary p:30-31 o:30-31 i:30-31",
            "2 p:31-31 o:31-34 i:31-34", "3 p:31-34 o:34-37 i:34-37", "4 p:34-38 o:37-40 i:37-40",
            "primary p:38-40 o:40-42 i:40-42",
        ])
    }

    /// "negative X-RESUME-OFFSET values": 3 × 10 s, all POINT. 10 s at 5 resume −5 → 0;
    /// at 10: 5 s (resume 5) → 15, 5 s resume −3 → 10 + 5 − 3 = 12; at 20: resume −1 → 19,
    /// then 5 s → 20 − 1 + 5 = 24. Primary replays 0–10 and 12–20; integrated 29, playout 59.
    func testNegativeResumeOffsetsAreCumulativeWithinTheirGroup() throws {
        var playlist = P(target: 10, segments: [10, 10, 10])
        playlist.ranges = [
            (0, P.interstitial("1", at: 5, "DURATION=10,X-RESUME-OFFSET=-5")),
            (1, P.interstitial("2", at: 10, "DURATION=5")),
            (1, P.interstitial("3", at: 10, "DURATION=5,X-RESUME-OFFSET=-3")),
            (2, P.interstitial("4", at: 20, "DURATION=5,X-RESUME-OFFSET=-1")),
            (2, P.interstitial("5", at: 20, "DURATION=5")),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "primary p:0-5 o:0-5 i:0-5", "1 p:5-0 o:5-15 i:5-5", "primary p:0-10 o:15-25 i:5-15",
            "2 p:10-15 o:25-30 i:15-15", "3 p:15-12 o:30-35 i:15-15", "primary p:12-20 o:35-43 i:15-23",
            "4 p:20-19 o:43-48 i:23-23", "5 p:19-24 o:48-53 i:23-23", "primary p:24-30 o:53-59 i:23-29",
        ])
    }

    /// "should schedule preroll (CUE="PRE") …": 3 × 10 s; 15 s pre-roll resume 0, written as
    /// in that case with the legacy X-CUE (read when CUE is absent), and a 30 s RANGE at 10
    /// resume 0. Integrated 0 + 10 + 30 + 20 = 60, playout 15 + 10 + 30 + 20 = 75.
    func testPreRollPlaysFirstWithZeroWidthAndARangeAddsItsDuration() throws {
        var playlist = P(target: 10, segments: [10, 10, 10])
        playlist.ranges = [
            (0, P.interstitial("ad1", at: 5, #"DURATION=15,X-RESUME-OFFSET=0,X-CUE="PRE""#)),
            (0, P.interstitial("ad2", at: 10, #"DURATION=30,X-RESUME-OFFSET=0,X-TIMELINE-OCCUPIES="RANGE""#)),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "ad1 p:0-0 o:0-15 i:0-0", "primary p:0-10 o:15-25 i:0-10",
            "ad2 p:10-10 o:25-55 i:10-40", "primary p:10-30 o:55-75 i:40-60",
        ])
    }

    /// "should exclude date ranges that start after the end of the primary playlist": 30 s
    /// primary; 15 s at 0 resume 0 plays first; the 30 s one at 50 s is not scheduled.
    func testInterstitialAfterTheEndOfAVODIsNotScheduled() throws {
        var playlist = P(target: 10, segments: [10, 10, 10])
        playlist.ranges = [
            (0, P.interstitial("ad1", at: 0, "DURATION=15,X-RESUME-OFFSET=0")),
            (0, P.interstitial("ad2", at: 50, "DURATION=30,X-RESUME-OFFSET=0")),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), ["ad1 p:0-0 o:0-15 i:0-0", "primary p:0-30 o:15-45 i:0-30"])
        XCTAssertEqual(snapshot.unscheduled, ["ad2"])
    }

    /// "should parse timeline style and content may vary / default values": a 30 s POINT at
    /// 4 s without X-RESUME-OFFSET replaces 30 s of a 12 s primary. Integrated 4, playout 34.
    func testPointWithoutResumeOffsetConsumesPrimaryButNoIntegratedTime() throws {
        var playlist = P(target: 6, segments: [6, 6])
        playlist.ranges = [(0, P.interstitial("0", at: 4, "DURATION=30"))]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), ["primary p:0-4 o:0-4 i:0-4", "0 p:4-34 o:4-34 i:4-4"])
        XCTAssertEqual(snapshot.segments[1].interstitial?.occupancy, .point)
        XCTAssertEqual(snapshot.segments[1].interstitial?.contentMayVary, true)
        XCTAssertEqual(snapshot.durationNanos, 4_000_000_000)
    }

    /// "… / attribute values": four 30 s interstitials at 4 s: POINT, RANGE, RANGE+PRIMARY,
    /// POINT (CONTENT-MAY-VARY=NO). Integrated 4 + 0 + 30 + 30 + 0 = 64, playout 124.
    func testOccupancyDecidesIntegratedWidthWhateverTheStyle() throws {
        var playlist = P(target: 6, segments: [6, 6])
        playlist.ranges = [
            (0, P.interstitial("0", at: 4, #"DURATION=30,X-TIMELINE-STYLE="HIGHLIGHT",X-TIMELINE-OCCUPIES="POINT""#)),
            (0, P.interstitial("1", at: 4, #"DURATION=30,X-TIMELINE-STYLE="HIGHLIGHT",X-TIMELINE-OCCUPIES="RANGE",X-CONTENT-MAY-VARY="YES""#)),
            (0, P.interstitial("2", at: 4, #"DURATION=30,X-TIMELINE-STYLE="PRIMARY",X-TIMELINE-OCCUPIES="RANGE",X-CONTENT-MAY-VARY="NO""#)),
            (0, P.interstitial("3", at: 4, #"DURATION=30,X-CONTENT-MAY-VARY="NO""#)),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "primary p:0-4 o:0-4 i:0-4", "0 p:4-34 o:4-34 i:4-4", "1 p:34-64 o:34-64 i:4-34",
            "2 p:64-94 o:64-94 i:34-64", "3 p:94-124 o:94-124 i:64-64",
        ])
        XCTAssertEqual(snapshot.segments.compactMap(\.interstitial).map(\.style), [.highlight, .highlight, .primary, .highlight])
        XCTAssertEqual(snapshot.segments.compactMap(\.interstitial).map(\.contentMayVary), [true, true, false, false])
    }

    /// "should handle empty asset-lists with resume offset": 3 × 5 s, DURATION=5 at 0 with
    /// X-RESUME-OFFSET=5 and an empty list: nothing plays, primary resumes at 5.
    func testEmptyAssetListWithResumeOffsetSkipsThatMuchPrimary() throws {
        var playlist = P(target: 10, segments: [5, 5, 5])
        playlist.ranges = [(0, P.listed("start", at: 0, list: "empty.json", "DURATION=5,X-RESUME-OFFSET=5"))]
        let snapshot = try playlist.snapshot(in: directory, lists: ["empty.json": #"{"ASSETS":[]}"#])
        XCTAssertEqual(scheduleItems(snapshot), ["start p:0-5 o:0-0 i:0-0", "primary p:5-15 o:0-10 i:0-10"])
    }

    /// "… without resume offset, ignoring date range tag duration": the same without
    /// X-RESUME-OFFSET resumes at 0 — the list's 0 s, not DURATION=5, decides.
    func testEmptyAssetListWithoutResumeOffsetResumesWhereItStarted() throws {
        var playlist = P(target: 10, segments: [5, 5, 5])
        playlist.ranges = [(0, P.listed("start", at: 0, list: "empty.json", "DURATION=5"))]
        let snapshot = try playlist.snapshot(in: directory, lists: ["empty.json": #"{"ASSETS":[]}"#])
        XCTAssertEqual(scheduleItems(snapshot), ["start p:0-0 o:0-0 i:0-0", "primary p:0-15 o:0-15 i:0-15"])
    }

    /// "should report correct playhead position …": 6 × 10 s; a RANGE at 30 with three 5 s
    /// assets and X-RESUME-OFFSET=10: primary 40 is integrated 45, primary 50 integrated 55.
    func testRangeWithAssetListAndResumeOffsetPlacesPrimaryOnTheIntegratedTimeline() throws {
        var playlist = P(target: 10, segments: [10, 10, 10, 10, 10, 10])
        playlist.ranges = [(3, P.listed("mid-10", at: 30, list: "mid.json",
                                        #"DURATION=15,X-RESUME-OFFSET=10,X-TIMELINE-OCCUPIES="RANGE""#))]
        let list = #"{"ASSETS":[{"URI":"https://a.example/a.m3u8","DURATION":5},{"URI":"https://a.example/b.m3u8","DURATION":5},{"URI":"https://a.example/c.m3u8","DURATION":5}]}"#
        let snapshot = try playlist.snapshot(in: directory, lists: ["mid.json": list])
        XCTAssertEqual(scheduleItems(snapshot), [
            "primary p:0-30 o:0-30 i:0-30", "mid-10 p:30-40 o:30-45 i:30-45", "primary p:40-60 o:45-65 i:45-65",
        ])
    }

    /// With both, the spec's CUE wins over the legacy X-CUE: a mid-roll at 10 s, not a pre-roll.
    func testCueWinsOverTheLegacyXCue() throws {
        var playlist = P(target: 10, segments: [10, 10, 10])
        playlist.ranges = [(0, P.interstitial("ad", at: 10, #"DURATION=5,X-RESUME-OFFSET=0,CUE="ONCE",X-CUE="PRE""#))]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), ["primary p:0-10 o:0-10 i:0-10", "ad p:10-10 o:10-15 i:10-10", "primary p:10-30 o:15-35 i:10-30"])
    }
}
