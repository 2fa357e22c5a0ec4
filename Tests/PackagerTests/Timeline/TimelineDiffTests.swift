import XCTest
@testable import Packager

/// Live-update events from pairs of hand-made snapshots (60 s window, seconds below).
final class TimelineDiffTests: XCTestCase {
    private let announced = TimelineTestData.interstitial("ad1", at: 40, duration: 30)
    private let completed = TimelineTestData.interstitial("ad1", at: 40, duration: 30, rangeEnd: 70)

    func testFirstSnapshotAnnouncesEveryInterstitialInTagOrder() {
        let snapshot = TimelineTestData.snapshot(primary: 30, [
            TimelineTestData.interstitial("b", at: 50, duration: 10),
            TimelineTestData.interstitial("a", at: 45, duration: 10),
        ])
        XCTAssertEqual(TimelineDiff.events(from: nil, to: snapshot), [
            .segmentsChanged(reason: .announced, id: "b"), .segmentsChanged(reason: .announced, id: "a"),
        ])
    }

    func testNewIDIsAnnounced() {
        let old = TimelineTestData.snapshot(primary: 30, [])
        let new = TimelineTestData.snapshot(primary: 32, [announced])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [.segmentsChanged(reason: .announced, id: "ad1")])
    }

    func testAddedDurationCompletesAnAnnouncedInterstitial() {
        let old = TimelineTestData.snapshot(primary: 30, [announced])
        let new = TimelineTestData.snapshot(primary: 32, [completed])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [.segmentsChanged(reason: .completed, id: "ad1")])
    }

    func testAddedResumeOffsetAlsoCompletes() {
        let old = TimelineTestData.snapshot(primary: 30, [announced])
        let new = TimelineTestData.snapshot(primary: 30, [TimelineTestData.interstitial("ad1", at: 40, duration: 30, resume: 30)])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [.segmentsChanged(reason: .completed, id: "ad1")])
    }

    func testUnchangedCompleteInterstitialGivesNoEvent() {
        let old = TimelineTestData.snapshot(primary: 30, [completed])
        let new = TimelineTestData.snapshot(primary: 32, [completed])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [])
    }

    func testRemovedIDIsDroppedBeforeNewOnesAreAnnounced() {
        let old = TimelineTestData.snapshot(primary: 30, [completed])
        let new = TimelineTestData.snapshot(primary: 30, [TimelineTestData.interstitial("ad2", at: 90, duration: 10)])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [
            .segmentsChanged(reason: .dropped, id: "ad1"), .segmentsChanged(reason: .announced, id: "ad2"),
        ])
    }

    func testLiveEdgeEnteringAnOpenRangeChangesTheCurrentSegment() {
        // Announced without an end: from 40 s on, the live edge is inside it.
        let old = TimelineTestData.snapshot(primary: 38, [announced])
        let new = TimelineTestData.snapshot(primary: 42, [announced])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [.currentSegmentChanged(from: nil, to: "ad1")])
    }

    func testLiveEdgeLeavingACompletedRangeReturnsToPrimary() {
        let old = TimelineTestData.snapshot(primary: 68, [announced])
        let new = TimelineTestData.snapshot(primary: 72, [completed])
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [
            .segmentsChanged(reason: .completed, id: "ad1"), .currentSegmentChanged(from: "ad1", to: nil),
        ])
    }

    func testPointWithZeroLengthRangeNeverHoldsTheLiveEdge() {
        let point = TimelineTestData.interstitial("p", at: 40, duration: 15, resume: 0, rangeEnd: 40)
        let old = TimelineTestData.snapshot(primary: 38, [point])
        let new = TimelineTestData.snapshot(primary: 42, [point])
        XCTAssertNil(new.interstitialAtLiveEdge)
        XCTAssertEqual(TimelineDiff.events(from: old, to: new), [])
    }

    func testEventsPrintAsJSONLines() {
        XCTAssertEqual(TimelineEvent.segmentsChanged(reason: .announced, id: "ad\"1").jsonLine,
                       #"{"event":"segmentsChanged","reason":"announced","id":"ad\"1"}"#)
        XCTAssertEqual(TimelineEvent.currentSegmentChanged(from: nil, to: "ad1").jsonLine,
                       #"{"event":"currentSegmentChanged","from":"primary","to":"ad1"}"#)
    }
}
