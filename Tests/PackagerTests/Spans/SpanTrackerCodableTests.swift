import Foundation
import XCTest
@testable import CueDetect

final class SpanTrackerCodableTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    func testTrackerSavedMidSpanContinuesIdenticallyAfterDecoding() throws {
        var original = SpanTracker(classifier: try SpanClassifier(unmatchedChapters: .other))
        _ = original.ingestAll([
            C.heartbeat(arrival: s(1)),
            C.timeSignal([C.segment(10, type: 0x22, duration: s(40))], at: s(30), arrival: s(26)),
            C.out(7, at: s(30), arrival: s(27), duration: s(15), autoReturn: true),
            C.back(99, at: s(31), arrival: s(28)),
        ])
        let data = try JSONEncoder().encode(original)
        var restored = try JSONDecoder().decode(SpanTracker.self, from: data)
        XCTAssertEqual(restored, original)

        let rest = [
            C.out(7, at: s(30), arrival: s(29), duration: s(15), autoReturn: true),
            C.timeSignal([C.segment(10, type: 0x23)], at: s(70), arrival: s(66)),
            C.out(8, at: s(80), arrival: s(76)),
        ]
        let expected = original.ingestAll(rest) + original.advance(to: s(85)) + original.finish(at: s(90))
        let actual = restored.ingestAll(rest) + restored.advance(to: s(85)) + restored.finish(at: s(90))
        XCTAssertEqual(actual, expected)
        XCTAssertEqual(actual.map(\.span.serial), [2, 1, 3, 3])
        XCTAssertEqual(actual.closedSpans.map(\.endedBy), [.autoReturn, .inCue, .endOfInput])
        XCTAssertEqual(restored.stats, original.stats)
        XCTAssertEqual(restored.stats.repeats, 1)
        XCTAssertEqual(restored.stats.unmatchedIns, 1)
        XCTAssertEqual(restored.nextSerial, 4)
    }

    func testSpanRoundTripsThroughJSON() throws {
        let span = Span(serial: 3, kind: .recap, eventID: 2001, signalName: "segmentation 0x20", startTicks: 324_306_000,
                        endTicks: 325_206_000, plannedDurationTicks: 900_000, endedBy: .inCue, parent: 1,
                        outSection: [0xFC, 0x30], inSection: [0xFC, 0x31])
        let data = try JSONEncoder().encode(span)
        XCTAssertEqual(try JSONDecoder().decode(Span.self, from: data), span)
        let open = Span(serial: 1, kind: .ad, eventID: 1, signalName: "splice_insert", startTicks: 0)
        XCTAssertEqual(try JSONDecoder().decode(Span.self, from: try JSONEncoder().encode(open)), open)
    }
}
