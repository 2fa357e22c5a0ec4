import XCTest
@testable import CueDetect

final class SpliceInsertPairingTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    func testAutoReturnWithoutInCueClosesAtPlannedEndWhenTimeAdvancesPastIt() {
        var tracker = SpanTracker()
        XCTAssertEqual(tracker.ingest(C.out(7, at: s(30), arrival: s(26), duration: s(15), autoReturn: true)).count, 1)
        XCTAssertEqual(tracker.advance(to: s(44)), [])
        let events = tracker.advance(to: s(45))
        XCTAssertEqual(events, [.closed(Span(serial: 1, kind: .ad, eventID: 7, signalName: "splice_insert",
                                             startTicks: s(30), endTicks: s(45), plannedDurationTicks: s(15),
                                             endedBy: .autoReturn, outSection: [0xFC, 0x01]))])
        XCTAssertTrue(tracker.openSpans.isEmpty)
    }

    func testAutoReturnFiresBeforeALaterCueIsHandled() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(26), duration: s(15), autoReturn: true))
        let events = tracker.ingest(C.heartbeat(arrival: s(50)))
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(45)])
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.autoReturn])
    }

    func testInCueAfterAutoReturnIsCountedAsRepeatNotUnmatched() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(26), duration: s(15), autoReturn: true))
        let events = tracker.ingest(C.back(7, at: s(46), arrival: s(46)))
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.autoReturn])
        XCTAssertEqual(tracker.stats.repeats, 1)
        XCTAssertEqual(tracker.stats.unmatchedIns, 0)
    }

    func testInCueArrivingExactlyAtPlannedEndClosesAsInCue() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: nil, duration: s(15), autoReturn: true))
        let events = tracker.ingest(C.back(7, at: s(45), arrival: nil))
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.inCue])
        XCTAssertEqual(events.closedSpans.map(\.inSection), [[0xFC, 0x02]])
    }

    func testEarlyReturnClosesAtTheInCueBeforePlannedEnd() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(26), duration: s(30), autoReturn: true))
        let events = tracker.ingest(C.back(7, at: s(42), arrival: s(41)))
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(42)])
        XCTAssertEqual(events.closedSpans.map(\.durationTicks), [s(12)])
        XCTAssertEqual(events.closedSpans.map(\.plannedDurationTicks), [s(30)])
        XCTAssertEqual(tracker.advance(to: s(100)), [])
    }

    /// auto_return 0 expects an IN; if it never comes, the break_duration is the backup SCTE 35
    /// calls it, applied once the lost-cue grace has passed.
    func testBreakDurationWithoutAutoReturnIsTheBackupEndWhenTheInCueIsLost() {
        var tracker = SpanTracker(lostCues: LostCueRules(graceTicks: s(2)))
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(26), duration: s(15), autoReturn: false))
        XCTAssertEqual(tracker.advance(to: s(46)), [])
        let events = tracker.advance(to: s(47))
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(45)])
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.plannedEnd])
    }

    func testCancelBeforeStartWithdrawsTheAnnouncedSpan() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(9, at: s(140), arrival: s(134), duration: s(30), autoReturn: true))
        let events = tracker.ingest(C.cancelInsert(9, arrival: s(136)))
        XCTAssertEqual(events, [.cancelled(Span(serial: 1, kind: .ad, eventID: 9, signalName: "splice_insert",
                                                startTicks: s(140), plannedDurationTicks: s(30), endedBy: .cancel,
                                                outSection: [0xFC, 0x01]))])
        XCTAssertEqual(tracker.advance(to: s(200)), [])
        XCTAssertEqual(tracker.finish(at: s(300)), [])
    }

    func testCancelOfUnknownEventIsIgnoredAndCounted() {
        var tracker = SpanTracker()
        XCTAssertEqual(tracker.ingest(C.cancelInsert(42, arrival: s(5))), [])
        XCTAssertEqual(tracker.stats.unknownCancels, 1)
    }

    func testOutCueResentThreeTimesOpensOneSpan() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.out(7, at: s(30), arrival: s(24), duration: s(15), autoReturn: true),
            C.out(7, at: s(30), arrival: s(26), duration: s(15), autoReturn: true),
            C.out(7, at: s(30), arrival: s(28), duration: s(15), autoReturn: true),
        ])
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.map(\.span.serial), [1])
        XCTAssertEqual(tracker.stats.repeats, 2)
        XCTAssertEqual(tracker.openSpans.count, 1)
    }

    func testRepeatedInCueForClosedSpanIsIgnored() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.out(7, at: s(30), arrival: s(26)),
            C.back(7, at: s(60), arrival: s(56)),
            C.back(7, at: s(60), arrival: s(57)),
        ])
        XCTAssertEqual(events.closedSpans.count, 1)
        XCTAssertEqual(tracker.stats.repeats, 1)
        XCTAssertEqual(tracker.stats.unmatchedIns, 0)
    }

    func testOutCueResentAfterItsSpanClosedDoesNotReopenIt() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.out(7, at: s(30), arrival: s(26)),
            C.back(7, at: s(60), arrival: s(56)),
            C.out(7, at: s(30), arrival: s(61)),
        ])
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(tracker.stats.repeats, 1)
    }

    func testEventIDReusedAfterCloseOpensNewSpanWithNewSerial() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.out(7, at: s(30), arrival: s(26)),
            C.back(7, at: s(60), arrival: s(56)),
            C.out(7, at: s(90), arrival: s(86)),
            C.back(7, at: s(100), arrival: s(96)),
        ])
        XCTAssertEqual(events.closedSpans.map(\.serial), [1, 2])
        XCTAssertEqual(events.closedSpans.map(\.startTicks), [s(30), s(90)])
        XCTAssertEqual(events.closedSpans.map(\.endTicks), [s(60), s(100)])
        XCTAssertEqual(tracker.nextSerial, 3)
    }

    func testEventIDReusedAfterAutoReturnWithoutInCueOpensNewSpan() {
        var tracker = SpanTracker()
        let events = tracker.ingestAll([
            C.out(7, at: s(30), arrival: s(26), duration: s(10), autoReturn: true),
            C.out(7, at: s(90), arrival: s(86), duration: s(10), autoReturn: true),
        ])
        XCTAssertEqual(events.map(\.span.serial), [1, 1, 2])
        XCTAssertEqual(events.closedSpans.map(\.endedBy), [.autoReturn])
        XCTAssertEqual(tracker.stats.anomalies, 0)
    }

    func testUnmatchedInCueIsCounted() {
        var tracker = SpanTracker()
        XCTAssertEqual(tracker.ingest(C.back(5, at: s(10), arrival: s(8))), [])
        XCTAssertEqual(tracker.stats.unmatchedIns, 1)
    }

    func testChangedSpliceTimeBeforeStartReplacesTheAnnouncement() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(20)))
        let events = tracker.ingest(C.out(7, at: s(34), arrival: s(24)))
        XCTAssertEqual(events.count, 2)
        guard case let .cancelled(old) = events[0], case let .opened(new) = events[1] else {
            return XCTFail("expected cancel then open, got \(events)")
        }
        XCTAssertEqual(old.serial, 1)
        XCTAssertEqual(old.startTicks, s(30))
        XCTAssertEqual(new.serial, 2)
        XCTAssertEqual(new.startTicks, s(34))
    }

    func testChangedSpliceTimeAfterStartIsAnAnomaly() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(20)))
        XCTAssertEqual(tracker.ingest(C.out(7, at: s(34), arrival: s(31))), [])
        XCTAssertEqual(tracker.stats.anomalies, 1)
        XCTAssertEqual(tracker.openSpans.map(\.startTicks), [s(30)])
    }

    func testInCueAtOrBeforeStartWithdrawsTheSpan() {
        var tracker = SpanTracker()
        _ = tracker.ingest(C.out(7, at: s(30), arrival: s(20)))
        let events = tracker.ingest(C.back(7, at: s(30), arrival: s(22)))
        XCTAssertEqual(events.map(\.span.endedBy), [.cancel])
        XCTAssertEqual(tracker.stats.anomalies, 1)
    }

    func testFinishClosesOpenSpansAsEndOfInputAndCancelsUnstartedOnes() {
        var tracker = SpanTracker(lostCues: LostCueRules(nextOutCueEnds: false))
        _ = tracker.ingestAll([
            C.out(1, at: s(30), arrival: s(26)),
            C.out(2, at: s(40), arrival: s(36), duration: s(30), autoReturn: true),
            C.out(3, at: s(50), arrival: s(46), duration: s(8), autoReturn: true),
            C.out(4, at: s(70), arrival: s(56)),
        ])
        let events = tracker.finish(at: s(60))
        XCTAssertEqual(events.map(\.span.serial), [3, 1, 2, 4])
        XCTAssertEqual(events.map(\.span.endedBy), [.autoReturn, .endOfInput, .endOfInput, .cancel])
        XCTAssertEqual(events.map(\.span.endTicks), [s(58), s(60), s(60), nil])
        XCTAssertTrue(tracker.openSpans.isEmpty)
    }

    func testHeartbeatsAndOtherCommandsAreCountedWithoutEvents() {
        var tracker = SpanTracker()
        let other = TimedCue(spliceTicks: s(3), arrivalTicks: s(3), signal: .other(command: "bandwidth_reservation"),
                             origin: .sidecar(line: 4), section: [])
        XCTAssertEqual(tracker.ingestAll([C.heartbeat(arrival: s(1)), C.heartbeat(arrival: s(2)), other]), [])
        XCTAssertEqual(tracker.stats.heartbeats, 2)
        XCTAssertEqual(tracker.stats.otherCommands, 1)
    }
}
