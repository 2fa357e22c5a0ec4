import XCTest
@testable import CueDetect

/// Container chapters and segmentation Chapter Start/End pairs.
final class ChapterSpanTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    func testContainerChapterTitleMatchingPatternBecomesRecapSpan() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.chapter(0, title: "Previously on Example", start: s(0), end: s(45)),
            C.chapter(1, title: "Act One", start: s(45), end: s(600)),
        ])
        let recap = Span(serial: 1, kind: .recap, eventID: 0, signalName: "chapter", startTicks: 0,
                         plannedDurationTicks: s(45), outSection: [])
        var closed = recap
        closed.endTicks = s(45)
        closed.endedBy = .inCue
        closed.inSection = []
        XCTAssertEqual(events, [.opened(recap), .closed(closed)])
        XCTAssertEqual(tracker.stats.ignoredSignals, 1)
    }

    func testChapterEndingBeforeItStartsIsAnAnomalyAndNoSpan() {
        var tracker = SpanTracker()
        XCTAssertEqual(tracker.ingest(C.chapter(3, title: "Recap", start: s(50), end: s(50))), [])
        XCTAssertEqual(tracker.stats.anomalies, 1)
        XCTAssertEqual(tracker.nextSerial, 1)
    }

    func testEndOfANonRecapSegmentationChapterIsIgnoredNotUnmatched() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(5, type: 0x20, upid: "CHAPTER:act-1")], at: s(10), arrival: s(6)),
            C.timeSignal([C.segment(5, type: 0x21, upid: "CHAPTER:act-1")], at: s(70), arrival: s(66)),
        ])
        XCTAssertEqual(events, [])
        XCTAssertEqual(tracker.stats.ignoredSignals, 2)
        XCTAssertEqual(tracker.stats.unmatchedIns, 0)
    }

    func testRecapChapterWithSCRTypePRPairsWithItsEnd() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.timeSignal([C.segment(6, type: 0x20, upidType: 0x11, upid: "type=PR", scrType: "PR")], at: s(0), arrival: nil),
            C.timeSignal([C.segment(6, type: 0x21, upidType: 0x11, upid: "type=PR", scrType: "PR")], at: s(40), arrival: s(38)),
        ])
        XCTAssertEqual(events.closedSpans.map(\.kind), [.recap])
        XCTAssertEqual(events.closedSpans.map(\.durationTicks), [s(40)])
    }
}
