import Foundation
import XCTest
@testable import CueDetect

/// The cues of fixtures/live_scte35.ts (threefive's decode in live_scte35.cues.json), with the
/// fixture's exact splice times, arrival PCRs and sections.
final class LiveFixtureSpanTests: XCTestCase {
    private typealias C = SpanTestCues
    private let t0: Int64 = 324_126_000

    private func section(_ base64: String) throws -> [UInt8] {
        [UInt8](try XCTUnwrap(Data(base64Encoded: base64)))
    }

    private func fixtureCues() throws -> [TimedCue] {
        let recapOut = try section("/DA+AAAAAAAAAP/wBQb+E1SEUAAoAiZDVUVJAAAH0X//AAANu6AJEkNIQVBURVI6cmVjYXAtMDAwMSABAf6o7Z4=")
        let recapIn = try section("/DA5AAAAAAAAAP/wBQb+E2I/8AAjAiFDVUVJAAAH0X+/CRJDSEFQVEVSOnJlY2FwLTAwMDEhAQFfhlU0")
        let adOut = try section("/DAlAAAAAAAAAP/wFAUAAAPpf+/+E3r4EP4AKTLgAAEBAQAA1Ba76g==")
        let adIn = try section("/DAgAAAAAAAAAP/wDwUAAAPpf0/+E6Qq8AABAQEAAPmdq7k=")
        let ppoOut = try section("/DBCAAAAAAAAAP/wBQb+E81d0AAsAipDVUVJAAALuX//AAAbd0AJFFNJR05BTDpwcG8tMzAwMS1saXZlNAEBAAD7FuAq")
        let ppoIn = try section("/DA7AAAAAAAAAP/wBQb+E+jVEAAlAiNDVUVJAAALuX+/CRRTSUdOQUw6cHBvLTMwMDEtbGl2ZTUBAZ4QWhw=")
        return [
            C.timeSignal([C.segment(2001, type: 0x20, duration: 900_000, upid: "CHAPTER:recap-0001")],
                         at: 324_306_000, arrival: nil, section: recapOut),
            C.timeSignal([C.segment(2001, type: 0x21, upid: "CHAPTER:recap-0001")],
                         at: 325_206_000, arrival: 324_948_000, section: recapIn),
            C.heartbeat(arrival: 325_848_000),
            C.out(1001, at: 326_826_000, arrival: 326_388_000, duration: 2_700_000, autoReturn: true, section: adOut),
            C.back(1001, at: 329_526_000, arrival: 329_088_000, section: adIn),
            C.timeSignal([C.segment(3001, type: 0x34, duration: 1_800_000, upid: "SIGNAL:ppo-3001-live")],
                         at: 332_226_000, arrival: 331_788_000, section: ppoOut),
            C.timeSignal([C.segment(3001, type: 0x35, upid: "SIGNAL:ppo-3001-live")],
                         at: 334_026_000, arrival: 333_588_000, section: ppoIn),
            C.out(1002, at: 336_726_000, arrival: 336_108_000, duration: 2_700_000, autoReturn: true),
            C.cancelInsert(1002, arrival: 336_288_000),
            C.heartbeat(arrival: 338_448_000),
        ]
    }

    func testFixtureYieldsRecapAdAndPlacementSpansAndNoSpanForTheCancelledBreak() throws {
        var tracker = SpanTracker(classifier: .standard)
        var events = tracker.ingestAll(try fixtureCues())
        events += tracker.finish(at: t0 + C.seconds(180))

        let closed = events.closedSpans
        XCTAssertEqual(closed.map(\.kind), [.recap, .ad, .ad])
        XCTAssertEqual(closed.map { ($0.startTicks - t0) }, [C.seconds(2), C.seconds(30), C.seconds(90)])
        XCTAssertEqual(closed.map { ($0.endTicks ?? -1) - t0 }, [C.seconds(12), C.seconds(60), C.seconds(110)])
        XCTAssertEqual(closed.map(\.endedBy), [.inCue, .inCue, .inCue])
        XCTAssertEqual(closed.map(\.signalName), ["segmentation 0x20", "splice_insert", "segmentation 0x34"])
        XCTAssertEqual(closed.map(\.eventID), [2001, 1001, 3001])
        XCTAssertEqual(closed.map(\.serial), [1, 2, 3])
        XCTAssertEqual(closed.map(\.plannedDurationTicks), [900_000, 2_700_000, 1_800_000])
        XCTAssertEqual(closed.map(\.parent), [nil, nil, nil])
        XCTAssertEqual(closed[1].outSection.count, 40)
        XCTAssertEqual(closed[1].inSection?.count, 35)
    }

    func testFixtureCancelledBreakIsAnnouncedThenCancelledWithItsOwnSerial() throws {
        var tracker = SpanTracker(classifier: .standard)
        let events = tracker.ingestAll(try fixtureCues())
        guard case let .cancelled(span)? = events.last else {
            return XCTFail("last event should be the cancel of 1002, got \(String(describing: events.last))")
        }
        XCTAssertEqual(span.serial, 4)
        XCTAssertEqual(span.eventID, 1002)
        XCTAssertEqual(span.startTicks, 336_726_000)
        XCTAssertNil(span.endTicks)
        XCTAssertEqual(span.endedBy, .cancel)
        XCTAssertEqual(events.count, 8)  // 4 opened, 3 closed, 1 cancelled
        XCTAssertTrue(tracker.openSpans.isEmpty)
    }

    func testFixtureCountsTwoHeartbeatsAndNothingElse() throws {
        var tracker = SpanTracker(classifier: .standard)
        _ = tracker.ingestAll(try fixtureCues())
        var expected = SpanTrackerStats()
        expected.heartbeats = 2
        XCTAssertEqual(tracker.stats, expected)
        XCTAssertEqual(tracker.latestTicks, 338_448_000)
    }
}
