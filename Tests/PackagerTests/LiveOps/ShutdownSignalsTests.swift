import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

final class ShutdownSignalsTests: XCTestCase {
    private func waitUntil(_ condition: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: 5)
        while !condition() && Date() < deadline { usleep(1000) }
    }

    func testSIGTERMToOwnProcessIsReportedOnceThroughStateAndCallback() throws {
        let calls = LineRecorder()
        let signals = ShutdownSignals(onRequest: { calls.append("\($0.signalName) #\($0.count)") })
        try signals.install()
        defer { signals.cancel() }
        XCTAssertFalse(signals.requested)
        XCTAssertEqual(kill(getpid(), SIGTERM), 0)
        XCTAssertTrue(signals.waitForRequest(timeout: 5))
        XCTAssertTrue(signals.requested)
        XCTAssertEqual(signals.lastRequest, ShutdownRequest(signal: SIGTERM, count: 1))
        // onRequest runs on the signal queue right after the state changes.
        waitUntil { !calls.lines.isEmpty }
        XCTAssertEqual(calls.lines, ["SIGTERM #1"])
    }

    func testRepeatedSIGINTIsCountedSoASecondCtrlCCanForceTheStop() throws {
        let signals = ShutdownSignals()
        try signals.install()
        defer { signals.cancel() }
        XCTAssertEqual(kill(getpid(), SIGINT), 0)
        XCTAssertTrue(signals.waitForRequest(timeout: 5))
        XCTAssertEqual(kill(getpid(), SIGINT), 0)
        waitUntil { signals.lastRequest?.count == 2 }
        XCTAssertEqual(signals.lastRequest, ShutdownRequest(signal: SIGINT, count: 2))
    }

    /// libdispatch arms its signal forwarding once per process; a cancelled instance must
    /// not break the next one (a restart of the live loop inside one process).
    func testANewInstanceAfterCancelStillReceivesTheSignal() throws {
        let first = ShutdownSignals(signals: [SIGTERM])
        try first.install()
        first.cancel()
        let second = ShutdownSignals(signals: [SIGTERM])
        try second.install()
        defer { second.cancel() }
        XCTAssertEqual(kill(getpid(), SIGTERM), 0)
        XCTAssertTrue(second.waitForRequest(timeout: 5))
        XCTAssertFalse(first.requested)
        XCTAssertEqual(second.lastRequest, ShutdownRequest(signal: SIGTERM, count: 1))
    }

    func testWithoutASignalNothingIsRequested() throws {
        let signals = ShutdownSignals(signals: [SIGUSR2])
        try signals.install()
        defer { signals.cancel() }
        XCTAssertFalse(signals.waitForRequest(timeout: 0.05))
        XCTAssertFalse(signals.requested)
        XCTAssertNil(signals.lastRequest)
    }
}
