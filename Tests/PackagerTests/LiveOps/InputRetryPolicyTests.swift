import Foundation
import XCTest
@testable import Packager

private struct InputFailure: Error, CustomStringConvertible {
    let description: String
}

final class InputRetryPolicyTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_714_564_800)
    private let failure = InputFailure(description: "srt://enc:9000: connection refused")

    private func makeLog(_ clock: TestClock, _ recorder: LineRecorder) -> EventLog {
        EventLog(channel: "news", clock: { clock.now }, output: recorder.append)
    }

    func testDelaysDoubleUpToTheCapThenShrinkToTheTimeoutThenGiveUp() {
        let clock = TestClock(start)
        let recorder = LineRecorder()
        var policy = InputRetryPolicy(initialDelay: 0.5, maximumDelay: 4, inputTimeout: 10, log: makeLog(clock, recorder))
        var delays: [Double?] = []
        for offset in [0.0, 0.5, 1.5, 3.5, 7.5, 10.0] {
            clock.now = start.addingTimeInterval(offset)
            delays.append(policy.nextDelay(afterFailure: failure, now: clock.now))
        }
        XCTAssertEqual(delays, [0.5, 1, 2, 4, 2.5, nil])
        XCTAssertTrue(policy.isExhausted(now: start.addingTimeInterval(10)))
        let prefix = #"{"ts":"2024-05-01T12:00:"#
        let error = #""error":"srt://enc:9000: connection refused"}"# + "\n"
        XCTAssertEqual(recorder.lines, [
            prefix + #"00.000Z","level":"warn","event":"input","channel":"news","action":"retry","attempt":1,"delay_s":0.5,"outage_s":0.0,"# + error,
            prefix + #"00.500Z","level":"warn","event":"input","channel":"news","action":"retry","attempt":2,"delay_s":1.0,"outage_s":0.5,"# + error,
            prefix + #"01.500Z","level":"warn","event":"input","channel":"news","action":"retry","attempt":3,"delay_s":2.0,"outage_s":1.5,"# + error,
            prefix + #"03.500Z","level":"warn","event":"input","channel":"news","action":"retry","attempt":4,"delay_s":4.0,"outage_s":3.5,"# + error,
            prefix + #"07.500Z","level":"warn","event":"input","channel":"news","action":"retry","attempt":5,"delay_s":2.5,"outage_s":7.5,"# + error,
            prefix + #"10.000Z","level":"error","event":"input","channel":"news","action":"give_up","attempts":6,"outage_s":10.0,"timeout_s":10.0,"# + error,
        ])
    }

    func testSuccessLogsTheRecoveryAndRestartsTheBackoff() {
        let clock = TestClock(start)
        let recorder = LineRecorder()
        var policy = InputRetryPolicy(initialDelay: 0.5, maximumDelay: 4, inputTimeout: 10, log: makeLog(clock, recorder))
        _ = policy.nextDelay(afterFailure: failure, now: start)
        _ = policy.nextDelay(afterFailure: failure, now: start.addingTimeInterval(0.5))
        clock.now = start.addingTimeInterval(1.5)
        policy.recordSuccess(now: clock.now)
        XCTAssertEqual(recorder.lines.last,
                       #"{"ts":"2024-05-01T12:00:01.500Z","level":"info","event":"input","channel":"news","action":"recovered","attempts":2,"outage_s":1.5}"# + "\n")
        XCTAssertEqual(policy.attempts, 0)
        XCTAssertNil(policy.outageStartedAt)
        XCTAssertFalse(policy.isExhausted(now: start.addingTimeInterval(100)))
        // A new outage starts its own clock and its own backoff.
        XCTAssertEqual(policy.nextDelay(afterFailure: failure, now: start.addingTimeInterval(100)), 0.5)
        XCTAssertFalse(policy.isExhausted(now: start.addingTimeInterval(109)))
        XCTAssertTrue(policy.isExhausted(now: start.addingTimeInterval(110)))
    }

    func testSuccessWithoutAnOutageLogsNothing() {
        let clock = TestClock(start)
        let recorder = LineRecorder()
        var policy = InputRetryPolicy(log: makeLog(clock, recorder))
        policy.recordSuccess(now: start)
        XCTAssertEqual(recorder.lines, [])
    }

    func testWithoutATimeoutItRetriesForeverAtTheCap() {
        let clock = TestClock(start)
        let recorder = LineRecorder()
        var policy = InputRetryPolicy(initialDelay: 1, maximumDelay: 30, inputTimeout: nil, log: makeLog(clock, recorder))
        var last: Double?
        for attempt in 0..<40 {
            last = policy.nextDelay(afterFailure: failure, now: start.addingTimeInterval(Double(attempt) * 30))
        }
        XCTAssertEqual(last, 30)
        XCTAssertFalse(policy.isExhausted(now: start.addingTimeInterval(86_400)))
        XCTAssertEqual(policy.attempts, 40)
    }
}
