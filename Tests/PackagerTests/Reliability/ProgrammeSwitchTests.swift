import Foundation
import XCTest
@testable import Packager

/// An encoder failover on the UDP input: the PMT names new PIDs (and the new encoder's picture)
/// on a continuing timeline. Before, the old PIDs fell silent and nothing was published for 34 s,
/// with no log line; now one log line names both programmes, and the new one is a new epoch
/// behind a DISCONTINUITY within one target duration.
final class ProgrammeSwitchTests: XCTestCase {
    private var output: URL?

    override func tearDown() {
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    func testProgrammeSwitchOnUDPBecomesANewEpochWithinOneTargetDurationAndOneLogLine() throws {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        let run = try UDPLiveRun.run(file: try ReliabilityMedia.switchover(seconds: 14), fault: .none, output: dir)
        XCTAssertEqual(run.outcome, .stopped)
        XCTAssertEqual(run.reconnects, [], "the switch was handled as a lost input")

        let changes = run.log.filter { $0.event == "input" && $0.action == "programme_change" }
        XCTAssertEqual(changes.count, 1, run.log.filter { $0.event == "input" }.map(\.raw).joined(separator: "\n"))
        XCTAssertEqual(changes.first?.level, "warn")
        XCTAssertEqual(changes.first?.string("old"), "0x100 h264 video, 0x101 aac audio")
        XCTAssertEqual(changes.first?.string("new"), "0x200 h264 video, 0x201 aac audio")

        let versions = run.versions
        try LiveChecks.assertVersionsValid(versions, maps: LiveChecks.assetMap(dir))
        let parsed = versions.map { LivePlaylistText($0.text) }
        LiveChecks.assertSequencesMonotonic(parsed)
        guard let last = parsed.last, let target = last.targetDuration else { return XCTFail("no playlist") }
        let breaks = last.segments.indices.filter { last.segments[$0].discontinuity }
        XCTAssertEqual(breaks.count, 1, "expected one DISCONTINUITY, at the switch")
        guard let k = breaks.first, k > 0 else { return XCTFail("the DISCONTINUITY is not after the first programme") }
        // The new programme's first segment follows the old one's last within one target duration
        // of media, and the two programmes together are nearly all of the 28 s sent.
        let before = last.segments[..<k].map(\.duration).reduce(0, +)
        let after = last.segments[k...].map(\.duration).reduce(0, +)
        if let end = last.segments[k - 1].endMillis, let start = last.segments[k].pdtMillis {
            XCTAssertLessThanOrEqual(abs(start - end), Int64(target) * 1000, "hole at the switch: \(start - end) ms")
        }
        XCTAssertEqual(before, 14, accuracy: 0.1, "the first programme")
        XCTAssertGreaterThanOrEqual(after, 14 - Double(target), "the second programme: \(after) s")
    }
}
