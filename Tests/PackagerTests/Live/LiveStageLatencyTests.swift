import DateRangeWriter
import Foundation
import XCTest
@testable import Packager

/// A segment's `latency_ms` runs from the arrival of the packet that closed it, not from the
/// moment the finished segment reached the end of the chain: the muxers' end-of-segment work (an
/// fMP4 fragment written whole, a TS segment's last buffer) lies between the two, and it is part
/// of the wait a viewer sees.
final class LiveStageLatencyTests: TemporaryDirectoriesTestCase {

    func testSegmentLatencyStartsWhenItsClosingPacketArrived() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let (stage, lines) = try liveStage(clock: clock)
        let arrived = clock.now
        stage.arrived(at: arrived)
        // The muxers took 42.5 ms to finish the segment after that packet arrived.
        clock.now = arrived.addingTimeInterval(0.0425)
        try stage.handle(.segment(segment(index: 0)), next: { _ in })
        XCTAssertEqual(try latencies(lines), [42.5])
    }

    /// Without an arrival (a chain driven by hand), the segment's own arrival is the start.
    func testSegmentLatencyWithoutAnArrivalStartsAtTheSegment() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let (stage, lines) = try liveStage(clock: clock)
        try stage.handle(.segment(segment(index: 0)), next: { _ in })
        XCTAssertEqual(try latencies(lines), [0.0])
    }

    private func liveStage(clock: TestClock) throws -> (LiveStage, LineRecorder) {
        let dir = try temporaryDirectory()
        var options = PresentationHarness.options()
        options.output = dir.path
        var presentation = LivePresentation(state: LiveState(options: options), options: options)
        presentation.startEpoch(variants: [VariantDescription(codecs: "avc1.64001f,mp4a.40.2")], discontinuity: false)
        presentation.anchor(ticks: 0, wallMillis: 1_800_000_000_000)
        let lines = LineRecorder()
        let publisher = LivePublisher(presentation: presentation, sink: AtomicFileSink(root: dir, durability: .process),
                                      store: JournaledLiveStateStore(directory: dir, durability: .process),
                                      log: EventLog(output: { lines.append($0) }), registry: nil, metrics: nil,
                                      clock: { clock.now })
        return (LiveStage(publisher: publisher, ids: { InterstitialIDMaker() }, clock: { clock.now }), lines)
    }

    private func segment(index: Int) -> FinishedSegment {
        FinishedSegment(target: .primary, rendition: 0, index: index, startTicks: 0, durationTicks: 540_000,
                        bytes: Data(repeating: 0x47, count: 188), isLast: false)
    }

    private func latencies(_ lines: LineRecorder) throws -> [Double] {
        try lines.lines.compactMap { line in
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["event"] as? String == "segment" ? object["latency_ms"] as? Double : nil
        }
    }
}
