import Foundation
import XCTest
@testable import Packager
import Primitives

final class LiveWindowTests: XCTestCase {
    private let midnight = PlaylistSamples.midnight

    /// 2-second segments; segments 7 and 20 start after an input restart.
    private func twoSecondSegment(_ number: Int) -> SegmentRecord {
        PlaylistSamples.segment("seg\(number).ts", ticks: 180_000, startTicks: Int64(number) * 180_000,
                                pdt: midnight + Int64(number) * 2000, discontinuity: number == 7 || number == 20)
    }

    func testSlidingWindowCountsRemovedSegmentsAndDiscontinuitiesAcrossManyAppends() throws {
        var window = LiveWindow(targetDuration: 2, windowSegments: 5, windowSeconds: nil)
        let folder = try PlaylistFolder()
        var versions: [String] = []
        for number in 0..<40 {
            let removed = window.append(twoSecondSegment(number))
            let appended = number + 1
            let expectedSequence = max(0, appended - 5)
            XCTAssertEqual(removed.map(\.uri), number >= 5 ? ["seg\(number - 5).ts"] : [])
            XCTAssertEqual(window.mediaSequence, expectedSequence)
            XCTAssertEqual(window.discontinuitySequence, [7, 20].filter { $0 < expectedSequence }.count)
            XCTAssertEqual(window.segments.map(\.uri), (expectedSequence..<appended).map { "seg\($0).ts" })
            XCTAssertEqual(window.windowMillis, Int64(window.segments.count) * 2000)
            let name = "v\(number).m3u8"
            try folder.write(name, window.playlist(dateRanges: [], endList: false).render())
            versions.append(name)
        }
        XCTAssertEqual(try folder.liveFindings(of: versions), [])
    }

    func testDiscontinuityTagLeavingTheWindowIncrementsDiscontinuitySequence() {
        var window = LiveWindow(targetDuration: 2, windowSegments: 5, windowSeconds: nil)
        for number in 0..<12 { window.append(twoSecondSegment(number)) }
        XCTAssertEqual(window.playlist(dateRanges: [], endList: false).render(), """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:7
            #EXT-X-DISCONTINUITY-SEQUENCE:0
            #EXT-X-DISCONTINUITY
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:14.000Z
            #EXTINF:2.000,
            seg7.ts
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:16.000Z
            #EXTINF:2.000,
            seg8.ts
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:18.000Z
            #EXTINF:2.000,
            seg9.ts
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:20.000Z
            #EXTINF:2.000,
            seg10.ts
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:22.000Z
            #EXTINF:2.000,
            seg11.ts

            """)
        let removed = window.append(twoSecondSegment(12))
        XCTAssertEqual(removed.map(\.uri), ["seg7.ts"])
        let text = window.playlist(dateRanges: [], endList: false).render()
        XCTAssertTrue(text.hasPrefix("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:8\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:16.000Z\n"), text)
        XCTAssertFalse(text.contains("#EXT-X-DISCONTINUITY\n"))
    }

    func testWindowKeepsThreeTargetDurationsEvenWhenTheLimitsAskForLess() {
        var bySegments = LiveWindow(targetDuration: 6, windowSegments: 2, windowSeconds: nil)
        var bySeconds = LiveWindow(targetDuration: 6, windowSegments: nil, windowSeconds: 4)
        var unlimited = LiveWindow(targetDuration: 6, windowSegments: nil, windowSeconds: nil)
        for number in 0..<20 {
            bySegments.append(twoSecondSegment(number))
            bySeconds.append(twoSecondSegment(number))
            unlimited.append(twoSecondSegment(number))
        }
        for window in [bySegments, bySeconds, unlimited] {
            XCTAssertEqual(window.segments.count, 9)
            XCTAssertEqual(window.windowMillis, 18_000)
            XCTAssertEqual(window.mediaSequence, 11)
        }
    }

    func testThreeTargetDurationFloorIsMeasuredOnTheWrittenExtinfValues() {
        var window = LiveWindow(targetDuration: 6, windowSegments: 3, windowSeconds: nil)
        // After the first segment leaves, 5.9995 + 6.0005 + 6.0005 = 18.0005 s exactly,
        // but the playlist says 5.999 + 6.000 + 6.000 = 17.999 s, under three targets.
        for ticks: Int64 in [540_000, 539_955, 540_045, 540_045] {
            let start = window.segments.last.map { $0.startTicks + $0.durationTicks } ?? 0
            XCTAssertEqual(window.append(PlaylistSamples.segment("s\(start).ts", ticks: ticks, startTicks: start,
                                                                 pdt: midnight + start / 90)), [])
        }
        XCTAssertEqual(window.segments.count, 4)
        XCTAssertEqual(window.windowMillis, 23_999)
        let removed = window.append(PlaylistSamples.segment("next.ts", ticks: 540_000, startTicks: 2_160_045,
                                                            pdt: midnight + 24_000))
        XCTAssertEqual(removed.map(\.durationTicks), [540_000, 539_955])
        XCTAssertEqual(window.windowMillis, 18_000)
    }

    func testWhenBothLimitsAreGivenTheLongerWindowWins() {
        var moreSeconds = LiveWindow(targetDuration: 2, windowSegments: 3, windowSeconds: 10)
        var moreSegments = LiveWindow(targetDuration: 2, windowSegments: 8, windowSeconds: 10)
        var secondsOnly = LiveWindow(targetDuration: 2, windowSegments: nil, windowSeconds: 9.5)
        for number in 0..<30 {
            moreSeconds.append(twoSecondSegment(number))
            moreSegments.append(twoSecondSegment(number))
            secondsOnly.append(twoSecondSegment(number))
        }
        XCTAssertEqual(moreSeconds.segments.count, 5)
        XCTAssertEqual(moreSegments.segments.count, 8)
        XCTAssertEqual(secondsOnly.segments.count, 5)
    }

    func testEventPlaylistKeepsEverySegmentAndSaysEvent() throws {
        var window = LiveWindow.event(targetDuration: 2)
        let folder = try PlaylistFolder()
        var names: [String] = []
        for number in 0..<25 {
            XCTAssertEqual(window.append(twoSecondSegment(number)), [])
            names.append(try folder.write("e\(number).m3u8", window.playlist(dateRanges: [], endList: number == 24).render()))
        }
        XCTAssertEqual(window.segments.count, 25)
        XCTAssertEqual(window.mediaSequence, 0)
        let last = window.playlist(dateRanges: [], endList: true).render()
        XCTAssertTrue(last.hasPrefix("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-PROGRAM-DATE-TIME:"), last)
        XCTAssertTrue(last.hasSuffix("seg24.ts\n#EXT-X-ENDLIST\n"))
        XCTAssertEqual(try LiveVersionValidator.validate(paths: names).map(\.message), [])
    }

    func testDateRangeMayLeaveOnlyOnceItEndedBeforeTheFirstSegment() {
        var window = LiveWindow(targetDuration: 2, windowSegments: 3, windowSeconds: nil)
        XCTAssertFalse(window.dateRangeMayLeave(endMillis: midnight - 1))
        for number in 0..<6 { window.append(twoSecondSegment(number)) }
        XCTAssertEqual(window.segments.first?.programDateTimeMillis, midnight + 6000)
        XCTAssertTrue(window.dateRangeMayLeave(endMillis: midnight + 5999))
        XCTAssertFalse(window.dateRangeMayLeave(endMillis: midnight + 6000))
        XCTAssertFalse(window.dateRangeMayLeave(endMillis: nil))
    }

    func testAnnouncedThenCompletedRangeStaysUntilItLeavesAndEveryVersionValidates() throws {
        var window = LiveWindow(targetDuration: 2, windowSegments: 4, windowSeconds: nil)
        let start = midnight + 4000
        let attributes = "ID=\"ad-1\",START-DATE=\"\(ISO8601Text.format(millis: start))\""
        let announce = "#EXT-X-DATERANGE:\(attributes),PLANNED-DURATION=4"
        let complete = "#EXT-X-DATERANGE:\(attributes),DURATION=4.000"
        let folder = try PlaylistFolder()
        var names: [String] = []
        var kept: [DateRangeBlock] = []
        for number in 0..<14 {
            window.append(twoSecondSegment(number))
            let lines = number < 2 ? [] : number < 5 ? [announce] : [announce, complete]
            let block = DateRangeBlock(anchorMillis: start, lines: lines)
            let ended = number >= 5 ? start + 4000 : nil
            kept = lines.isEmpty || window.dateRangeMayLeave(endMillis: ended) ? [] : [block]
            names.append(try folder.write("v\(number).m3u8", window.playlist(dateRanges: kept, endList: number == 13).render()))
        }
        XCTAssertEqual(kept, [])
        XCTAssertEqual(window.mediaSequence, 10)
        XCTAssertEqual(try LiveVersionValidator.validate(paths: names).map(\.message), [])
        let middle = try String(contentsOfFile: names[5], encoding: .utf8)
        XCTAssertTrue(middle.contains("\(announce)\n\(complete)\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:04.000Z\n"), middle)
    }

    func testCheckedAppendRefusesASegmentAboveTheFixedTargetAndLeavesTheWindowUnchanged() throws {
        var window = LiveWindow(targetDuration: 2, windowSegments: 3, windowSeconds: nil)
        for number in 0..<4 { try window.appendChecking(twoSecondSegment(number)) }
        let before = window
        let long = PlaylistSamples.segment("seg4.ts", ticks: 225_000, startTicks: 720_000, pdt: midnight + 8000)
        XCTAssertThrowsError(try window.appendChecking(long)) { error in
            XCTAssertEqual(error as? TargetDurationError,
                           .segmentTooLong(uri: "seg4.ts", durationTicks: 225_000, roundedSeconds: 3, targetDuration: 2))
        }
        XCTAssertEqual(window, before)
        XCTAssertEqual(try window.appendChecking(twoSecondSegment(4)).map(\.uri), ["seg1.ts"])
    }

    func testWindowStateSurvivesACodableRoundTrip() throws {
        var window = LiveWindow(targetDuration: 2, windowSegments: 5, windowSeconds: nil)
        for number in 0..<12 { window.append(twoSecondSegment(number)) }
        var restored = try JSONDecoder().decode(LiveWindow.self, from: JSONEncoder().encode(window))
        XCTAssertEqual(restored, window)
        // The next segment pushes seg7, which carries a discontinuity, out of both windows.
        XCTAssertEqual(restored.append(twoSecondSegment(12)), window.append(twoSecondSegment(12)))
        XCTAssertEqual(restored.playlist(dateRanges: [], endList: false).render(), window.playlist(dateRanges: [], endList: false).render())
        XCTAssertEqual(restored.mediaSequence, 8)
        XCTAssertEqual(restored.discontinuitySequence, 1)
    }
}
