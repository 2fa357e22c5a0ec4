import XCTest
@testable import Packager

/// The live schedules and joins that hls.js's unit tests expect ("Interstitial Playback",
/// "Live start", "#7845", "#7906"), rebuilt from the same timings. hls.js gives a live
/// primary no end (its last item ends at Infinity); pkgctl ends that item at the live edge.
/// A live player joins HOLD-BACK (default 3 × target) before the edge.
final class IntegratedTimelineHlsjsLiveTests: XCTestCase {
    private typealias P = TimelinePlaylistText
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    /// "should begin preroll on attach": a 37 s pre-roll (resume 0) and a 16 s mid-roll at
    /// 30 s in a 45.212 s live playlist. The pre-roll resumes at the join point,
    /// 45.212 − 30 = 15.212; the mid-roll resumes at 46, after the edge, so the fourth item
    /// hls.js lists (primary 46–Infinity) is not in this snapshot yet.
    func testLivePreRollResumesAtTheJoinPoint() throws {
        var playlist = P(target: 10, segments: [9.2092, 8.37503, 8.8088, 9.7097, 9.1091])
        playlist.ended = false
        playlist.ranges = [
            (0, P.interstitial("pre", at: 0, #"DURATION=37,X-RESUME-OFFSET=0,CUE="PRE""#)),
            (3, P.listed("mid-30", at: 30, list: "https://ads.example.com/mid.json", "DURATION=16")),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "pre p:0-15.212 o:0-37 i:0-0", "primary p:15.212-30 o:37-51.788 i:0-14.788",
            "mid-30 p:30-46 o:51.788-67.788 i:14.788-14.788",
        ])
        XCTAssertEqual(snapshot.join, LiveJoin(primaryNanos: 15_211_830_000, preRoll: "pre", interstitial: nil, startOffsetNanos: 0))
    }

    /// "should resume at start plus resumption-offset (start + duration …)" and the same
    /// with CUE="ONCE": 6 × 10 s live, 10 s at 30 without X-RESUME-OFFSET → resumes at 40.
    func testLiveMidRollResumesAtStartPlusDurationWithOrWithoutOnce() throws {
        for cue in ["", #",CUE="ONCE""#] {
            var playlist = P(target: 10, segments: [10, 10, 10, 10, 10, 10])
            playlist.ended = false
            playlist.ranges = [(3, P.interstitial("mid-10", at: 30, "DURATION=10" + cue))]
            let snapshot = try playlist.snapshot(in: directory)
            XCTAssertEqual(scheduleItems(snapshot), [
                "primary p:0-30 o:0-30 i:0-30", "mid-10 p:30-40 o:30-40 i:30-30", "primary p:40-60 o:40-60 i:30-50",
            ])
            XCTAssertEqual(snapshot.segments[1].interstitial?.once, !cue.isEmpty)
        }
    }

    /// "request asset-list with _HLS_start_offset when joining": 6 × 10 s live, 30 s at 20
    /// s; the join point 60 − 30 = 30 is 10 s into it (`_HLS_start_offset=10`).
    func testJoiningInsideAnInterstitialStartsItThatFarIn() throws {
        var playlist = P(target: 10, segments: [10, 10, 10, 10, 10, 10])
        playlist.ended = false
        playlist.ranges = [(2, P.interstitial("mid-live", at: 20, "DURATION=30"))]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "primary p:0-20 o:0-20 i:0-20", "mid-live p:20-50 o:20-50 i:20-20", "primary p:50-60 o:50-60 i:20-30",
        ])
        XCTAssertEqual(snapshot.join, LiveJoin(primaryNanos: 30_000_000_000, preRoll: nil, interstitial: "mid-live",
                                               startOffsetNanos: 10_000_000_000))
    }

    /// "establishing program start without interstitials" / "… with a short playlist and
    /// interstitials": a 6.014 s live playlist (target 3) joins at 0 (6.014 − 9 < 0); an
    /// interstitial announced at 6.333 s, past the edge, is still scheduled (three items).
    func testShortLivePlaylistJoinsAtItsStartAndSchedulesAnnouncedInterstitials() throws {
        var plain = P(target: 3, segments: [2, 1.997, 2.017])
        plain.ended = false
        XCTAssertEqual(scheduleItems(try plain.snapshot(in: directory)), ["primary p:0-6.014 o:0-6.014 i:0-6.014"])
        var announced = plain
        announced.ranges = [(0, P.interstitial("ad1", at: 6.333, #"DURATION=23.000,X-RESTRICT="SKIP,JUMP""#))]
        let snapshot = try announced.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), ["primary p:0-6.333 o:0-6.333 i:0-6.333", "ad1 p:6.333-29.333 o:6.333-29.333 i:6.333-6.333"])
        XCTAssertEqual(snapshot.join, LiveJoin(primaryNanos: 0, preRoll: nil, interstitial: nil, startOffsetNanos: 0))
    }

    /// "#7845 … resumes at live-edge": 8 × 6 s live; PRE,ONCE 15 s without resume offset and
    /// a 10 s RANGE at 24. The pre-roll resumes at the join point 48 − 18 = 30, which is 6 s
    /// into the mid-roll (24→34); no primary between them; integrated 0, 10, then primary.
    func testLivePreRollWithoutResumeOffsetJoinsTheMidRollInProgress() throws {
        var playlist = P(target: 6, segments: [6, 6, 6, 6, 6, 6, 6, 6])
        playlist.ended = false
        playlist.ranges = [
            (0, P.interstitial("pre", at: 0, #"CUE="PRE,ONCE",DURATION=15"#)),
            (4, P.listed("mid-24", at: 24, list: "https://ads.example.com/mid.json", #"X-TIMELINE-OCCUPIES="RANGE",DURATION=10"#)),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "pre p:0-30 o:0-15 i:0-0", "mid-24 p:24-34 o:15-25 i:0-10", "primary p:34-48 o:25-39 i:10-24",
        ])
        XCTAssertEqual(snapshot.join, LiveJoin(primaryNanos: 30_000_000_000, preRoll: "pre", interstitial: "mid-24",
                                               startOffsetNanos: 6_000_000_000))
    }

    /// "#7845 … resumes at X-RESUME-OFFSET=15 (t + 15)": 6 × 10 s live; the pre-roll resumes
    /// at the join point plus 15 = 45, 5 s into the RANGE at 40 (40→50).
    func testLivePreRollWithResumeOffsetResumesThatFarAfterTheJoinPoint() throws {
        var playlist = P(target: 10, segments: [10, 10, 10, 10, 10, 10])
        playlist.ended = false
        playlist.ranges = [
            (0, P.interstitial("pre", at: 0, #"CUE="PRE,ONCE",DURATION=15,X-RESUME-OFFSET=15"#)),
            (6, P.listed("mid-40", at: 40, list: "https://ads.example.com/mid.json", #"X-TIMELINE-OCCUPIES="RANGE",DURATION=10"#)),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "pre p:0-45 o:0-15 i:0-0", "mid-40 p:40-50 o:15-25 i:0-10", "primary p:50-60 o:25-35 i:10-20",
        ])
        XCTAssertEqual(snapshot.join?.interstitial, "mid-40")
        XCTAssertEqual(snapshot.join?.startOffsetNanos, 5_000_000_000)
    }

    /// "#7906 Live start following preroll (PRE,ONCE) w/o resume-offset": a pre-roll dated
    /// 1970 with no duration yet, then two 15 s mid-rolls with X-SNAP="OUT,IN" completed by
    /// same-ID tags. OUT moves 20.5 → 20 and 81 → 80.25; IN moves 35 → 34.75 (resume inside
    /// the 34.75–45 segment's first half) and keeps 95.25 (a boundary). Join: 122.5 − 36.
    func testSnapInMovesTheResumePointToTheNearerSegmentBoundary() throws {
        var playlist = P(target: 12, segments: [6.5, 6.5, 6.5, 0.5, 12, 2.75, 10.25, 6.5, 6.5, 6.5, 6.5, 6.5,
                                                2.75, 10.25, 4.75, 7.75, 6.5, 6.5, 6.5])
        playlist.ended = false
        let first = "ID=\"m1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(P.date(20.5))\""
        let second = "ID=\"m2\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(P.date(81))\""
        playlist.ranges = [
            (0, #"ID="preroll",CLASS="com.apple.hls.interstitial",START-DATE="1970-01-01T00:00:00.000Z",CUE="PRE,ONCE",X-ASSET-LIST="https://ads.example.com/pre.json",X-PLAYOUT-LIMIT=30.0,X-SNAP="OUT,IN",X-TIMELINE-OCCUPIES="RANGE""#),
            (4, first + #",PLANNED-DURATION=15.0,X-ASSET-LIST="https://ads.example.com/m1.json",X-SNAP="OUT,IN""#),
            (6, first + ",END-DATE=\"\(P.date(35.5))\",DURATION=15.0,X-PLAYOUT-LIMIT=16.0"),
            (13, second + #",PLANNED-DURATION=15.0,X-ASSET-LIST="https://ads.example.com/m2.json",X-SNAP="OUT,IN""#),
            (15, second + ",END-DATE=\"\(P.date(96))\",DURATION=15.0,X-PLAYOUT-LIMIT=16.0"),
        ]
        let snapshot = try playlist.snapshot(in: directory)
        XCTAssertEqual(scheduleItems(snapshot), [
            "preroll p:0-86.5 o:0-0 i:0-0", "m1 p:20-35 o:0-15 i:0-0", "primary p:34.75-80.25 o:15-60.5 i:0-45.5",
            "m2 p:80.25-95.25 o:60.5-75.5 i:45.5-45.5", "primary p:95.25-122.5 o:75.5-102.75 i:45.5-72.75",
        ])
    }
}
