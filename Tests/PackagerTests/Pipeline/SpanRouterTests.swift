import CueDetect
import XCTest
@testable import Packager

/// The routing rules, written once for every mode: the real SpanTracker fed synthetic cues, its
/// events through the router.
final class SpanRouterTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    private func route(_ cues: [(TimedCue?, advance: Int64?)], finish: Int64? = nil,
                       placement: PlacementRules = PlacementRules(defaultPlacement: .strip)) -> [SpanDecision] {
        var tracker = SpanTracker()
        var router = SpanRouter(placement: placement)
        var decisions: [SpanDecision] = []
        for (cue, advance) in cues {
            var events: [SpanEvent] = []
            if let cue { events += tracker.ingest(cue) }
            if let advance { events += tracker.advance(to: advance) }
            for event in events { decisions += router.apply(event) }
        }
        if let finish { for event in tracker.finish(at: finish) { decisions += router.apply(event) } }
        return decisions
    }

    func testSpliceCancelledAfterItStartedEndsAtTheCancel() {
        let decisions = route([(C.out(1, at: s(10), arrival: s(6), duration: s(30), autoReturn: true), nil),
                               (nil, s(12)), (C.cancelInsert(1, arrival: s(15)), nil)], finish: s(175))
        XCTAssertEqual(decisions.count, 2, "\(decisions)")
        guard case .route(let r) = decisions.first, case .endAt(let e) = decisions.last else { return XCTFail("\(decisions)") }
        XCTAssertEqual(r.id, "ad-1-1")
        XCTAssertEqual(e.key, r.key)
        XCTAssertEqual(e.ticks, s(15))
        XCTAssertEqual(e.endedBy, .cancel)
    }

    func testSpliceCancelledBeforeItsSpliceIsForgotten() {
        let decisions = route([(C.out(2, at: s(140), arrival: s(134), duration: s(30), autoReturn: true), nil),
                               (C.cancelInsert(2, arrival: s(136)), nil)], finish: s(175))
        guard case .route(let r) = decisions.first else { return XCTFail("\(decisions)") }
        XCTAssertEqual(decisions.dropFirst().map { $0 }, [.forget(key: r.key, id: "ad-2-1")])
    }

    func testBreakHoldingTwoAdsIsOneRouteWithTwoNestedEntries() {
        let breakStart = C.timeSignal([C.segment(7, type: 0x22, duration: s(30))], at: s(30), arrival: s(26))
        let ad1 = C.timeSignal([C.segment(71, type: 0x30, duration: s(15))], at: s(30), arrival: s(27))
        let ad1End = C.timeSignal([C.segment(71, type: 0x31)], at: s(45), arrival: s(41))
        let ad2 = C.timeSignal([C.segment(72, type: 0x30, duration: s(15))], at: s(45), arrival: s(42))
        let ad2End = C.timeSignal([C.segment(72, type: 0x31)], at: s(60), arrival: s(56))
        let breakEnd = C.timeSignal([C.segment(7, type: 0x23)], at: s(60), arrival: s(57))
        let decisions = route([(breakStart, nil), (ad1, nil), (ad1End, nil), (ad2, nil), (ad2End, nil), (breakEnd, nil)])
        let routes = decisions.compactMap { if case .route(let r) = $0 { return r.id } else { return nil } }
        let nests = decisions.compactMap { if case .nest(let n) = $0 { return n } else { return nil } }
        let ends = decisions.compactMap { if case .endAt(let e) = $0 { return e.ticks } else { return nil } }
        XCTAssertEqual(routes, ["ad-7-1"], "one interstitial for the break, none for its ads")
        XCTAssertEqual(nests.map(\.id), ["ad-71-1", "ad-72-1"])
        XCTAssertEqual(Set(nests.map(\.parent)).count, 1)
        XCTAssertEqual(nests.map(\.span.startTicks), [s(30), s(45)])
        XCTAssertEqual(ends, [s(45), s(60), s(60)])
    }

    func testAdStillOpenWhenItsBreakEndsEndsWithIt() {
        let breakStart = C.timeSignal([C.segment(7, type: 0x22, duration: s(30))], at: s(30), arrival: s(26))
        let ad = C.timeSignal([C.segment(71, type: 0x30, duration: s(40))], at: s(40), arrival: s(36))
        let breakEnd = C.timeSignal([C.segment(7, type: 0x23)], at: s(60), arrival: s(56))
        let decisions = route([(breakStart, nil), (ad, nil), (breakEnd, nil)])
        let ends = decisions.compactMap { if case .endAt(let e) = $0 { return (e.key, e.ticks) } else { return nil } }
        XCTAssertEqual(ends.map(\.1), [s(60), s(60)])
        XCTAssertEqual(ends.count, 2)
    }

    func testTopLevelSpanStartingInsideARoutedOneIsSkippedNamingIt() {
        let decisions = route([(C.out(1, at: s(30), arrival: s(26), duration: s(30), autoReturn: true), nil),
                               (C.out(2, at: s(40), arrival: s(36), duration: s(30), autoReturn: true), nil)])
        guard case .skip(let skipped) = decisions.last else { return XCTFail("\(decisions)") }
        XCTAssertEqual(skipped.span.eventID, 2)
        XCTAssertEqual(skipped.reason, "overlaps ad-1-1, which already takes that part of the primary")
    }

    func testPlacementFollowsTheKindRules() {
        let rules = PlacementRules(defaultPlacement: .strip, byKind: [.recap: .overlay])
        let recap = C.timeSignal([C.segment(9, type: 0x20, duration: s(10), upid: "recap-1")], at: s(2), arrival: s(0))
        let recapEnd = C.timeSignal([C.segment(9, type: 0x21, upid: "recap-1")], at: s(12), arrival: s(10))
        let decisions = route([(recap, nil), (recapEnd, nil),
                               (C.out(1, at: s(30), arrival: s(26), duration: s(30), autoReturn: true), nil)],
                              placement: rules)
        let placements = decisions.compactMap { if case .route(let r) = $0 { return r.placement } else { return nil } }
        XCTAssertEqual(placements, [.overlay, .strip])
    }
}
