import XCTest
@testable import CueDetect

final class SegmentationPairingTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    func testBreakHoldingTwoAdsGivesTheAdsTheBreakAsParent() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(10, type: 0x22, duration: s(30))], at: s(30), arrival: s(26)),
            C.timeSignal([C.segment(11, type: 0x30, duration: s(15))], at: s(30), arrival: s(27)),
            C.timeSignal([C.segment(11, type: 0x31), C.segment(12, type: 0x30, duration: s(15))], at: s(45), arrival: s(41)),
            C.timeSignal([C.segment(12, type: 0x31), C.segment(10, type: 0x23)], at: s(60), arrival: s(56)),
        ])
        let closed = events.closedSpans
        XCTAssertEqual(closed.map(\.serial), [2, 3, 1])
        XCTAssertEqual(closed.map(\.signalName), ["segmentation 0x30", "segmentation 0x30", "segmentation 0x22"])
        XCTAssertEqual(closed.map(\.parent), [1, 1, nil])
        XCTAssertEqual(closed.map(\.startTicks), [s(30), s(45), s(30)])
        XCTAssertEqual(closed.map(\.endTicks), [s(45), s(60), s(60)])
        XCTAssertEqual(closed.map(\.kind), [.ad, .ad, .ad])
    }

    func testContainerSignalledInTheSameSectionAfterItsAdStillParentsIt() {
        var tracker = SpanTracker()
        let events = tracker.ingest(C.timeSignal([C.segment(21, type: 0x30), C.segment(20, type: 0x44)],
                                                 at: s(10), arrival: s(6)))
        XCTAssertEqual(events.map(\.span.signalName), ["segmentation 0x44", "segmentation 0x30"])
        XCTAssertEqual(events.map(\.span.parent), [nil, 1])
    }

    func testSpliceInsertOpenedInsideASegmentationBreakNests() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(10, type: 0x22)], at: s(30), arrival: s(26)),
            C.out(5, at: s(30), arrival: s(27)),
        ])
        XCTAssertEqual(events.map(\.span.parent), [nil, 1])
    }

    func testSpanStartingBeforeTheContainerStartsIsNotNested() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(10, type: 0x22)], at: s(40), arrival: s(26)),
            C.out(5, at: s(30), arrival: s(27)),
        ])
        XCTAssertEqual(events.map(\.span.parent), [nil, nil])
    }

    /// The End was lost: the span ends at its planned duration as media passes it (a recap whose
    /// end cue never came used to swallow the rest of the run).
    func testSegmentationSpanWhoseEndNeverCameEndsAtItsPlannedEnd() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x34, duration: s(20))], at: s(90), arrival: s(86)))
        XCTAssertEqual(tracker.advance(to: s(109)), [])
        let events = tracker.advance(to: s(110))
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(110)])
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.plannedEnd])
    }

    func testGraceKeepsWaitingForALateEndCueBeforeThePlannedEndApplies() {
        var tracker = SpanTracker(lostCues: LostCueRules(graceTicks: s(3)))
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x34, duration: s(20))], at: s(90), arrival: s(86)))
        XCTAssertEqual(tracker.advance(to: s(112)), [])
        let late = tracker.ingest(C.timeSignal([C.segment(3, type: 0x35)], at: s(111), arrival: s(112) + 45_000))
        XCTAssertEqual(late.closedSpans.map(\.endTicks), [s(111)])
        XCTAssertEqual(late.closedSpans.map(\.endedBy), [.inCue])
    }

    func testSpanWithoutPlannedDurationEndsAtTheNextOutCueOfItsKindOrItsKindsMaximum() {
        var tracker = SpanTracker(lostCues: LostCueRules(maximumTicks: [.ad: s(120)]))
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x30)], at: s(90), arrival: s(86)))
        let next = tracker.ingest(C.timeSignal([C.segment(4, type: 0x30)], at: s(100), arrival: s(96)))
        XCTAssertEqual(next.closedSpans.map(\.endTicks), [s(100)])
        XCTAssertEqual(next.closedSpans.map(\.endedBy), [.nextOutCue])
        XCTAssertEqual(tracker.advance(to: s(219)), [])
        XCTAssertEqual(tracker.advance(to: s(220)).closedSpans.map(\.endedBy), [.maximumDuration])
    }

    func testSegmentationAutoReturnWhenConfiguredClosesAtPlannedEnd() throws {
        var tracker = SpanTracker(classifier: try SpanClassifier(segmentationAutoReturn: true))
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x34, duration: s(20))], at: s(90), arrival: s(86)))
        XCTAssertEqual(tracker.advance(to: s(110)).closedSpans.map(\.endTicks), [s(110)])
    }

    func testSegmentationWithoutDurationClosesAtFinishAsEndOfInput() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x30)], at: s(90), arrival: s(86)))
        let events = tracker.finish(at: s(100))
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(100)])
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.endOfInput])
    }

    func testCancelWithoutTypeWithdrawsTheOpenSegmentation() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.timeSignal([C.segment(3, type: 0x34, duration: s(20))], at: s(90), arrival: s(84)))
        let events = tracker.ingest(C.timeSignal([C.segment(3, type: 0, cancel: true)], at: s(86), arrival: s(86)))
        XCTAssertEqual(events.map(\.span.endedBy), [.cancel])
        XCTAssertEqual(events.map(\.span.serial), [1])
        XCTAssertTrue(tracker.openSpans.isEmpty)
    }

    func testEndWithoutStartIsUnmatchedButEndOfNonSpanTypeIsIgnored() {
        var tracker = SpanTracker()
        _ = tracker.ingestAll([
            C.timeSignal([C.segment(3, type: 0x35)], at: s(10), arrival: s(8)),
            C.timeSignal([C.segment(4, type: 0x11)], at: s(20), arrival: s(18)),
        ])
        XCTAssertEqual(tracker.stats.unmatchedIns, 1)
        XCTAssertEqual(tracker.stats.ignoredSignals, 1)
    }

    func testProgramOverlapAndBreakawayAreNotSpans() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(1, type: 0x17), C.segment(2, type: 0x13)], at: s(10), arrival: s(8)),
            C.timeSignal([C.segment(1, type: 0x11), C.segment(2, type: 0x14)], at: s(20), arrival: s(18)),
        ])
        XCTAssertEqual(events, [])
        XCTAssertEqual(tracker.stats.ignoredSignals, 4)
        XCTAssertEqual(tracker.stats.unmatchedIns, 0)
    }

    func testResentStartWithSameTimeIsOneSpan() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(3, type: 0x34)], at: s(90), arrival: s(84)),
            C.timeSignal([C.segment(3, type: 0x34)], at: s(90), arrival: s(86)),
            C.timeSignal([C.segment(3, type: 0x35)], at: s(110), arrival: s(106)),
            C.timeSignal([C.segment(3, type: 0x35)], at: s(110), arrival: s(107)),
        ])
        XCTAssertEqual(events.map(\.span.serial), [1, 1])
        XCTAssertEqual(tracker.stats.repeats, 2)
    }
}
