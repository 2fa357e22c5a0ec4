import XCTest
@testable import Packager

/// The byte engine says what damage it read through: packets removed from the sample, flagged
/// by an "upstream demodulator", or marked as a legitimate discontinuity, counted exactly.
final class TSDamageReportTests: TemporaryDirectoriesTestCase {
    private static let packet = 188

    /// Packet indexes of the sample's video PID (PID 256 in `live_scte35.ts`) that continue a
    /// PES (no payload_unit_start) and whose neighbours on that PID do too, `count` of them,
    /// spread over the file.
    private func continuationPackets(_ bytes: [UInt8], pid: Int, count: Int, where accept: (Int) -> Bool = { _ in true }) -> [Int] {
        var onPID: [Int] = []
        for i in 0..<(bytes.count / Self.packet) {
            let p = i * Self.packet
            if Int(bytes[p + 1] & 0x1F) << 8 | Int(bytes[p + 2]) == pid { onPID.append(i) }
        }
        let isContinuation = { (i: Int) in bytes[i * Self.packet + 1] & 0x40 == 0 }
        var chosen: [Int] = []
        let stride = onPID.count / (count + 1)
        var k = stride
        while chosen.count < count, k + 1 < onPID.count {
            if isContinuation(onPID[k - 1]), isContinuation(onPID[k]), isContinuation(onPID[k + 1]), accept(onPID[k + 1]) {
                chosen.append(onPID[k])
                k += stride
            } else {
                k += 1
            }
        }
        return chosen
    }

    private func removing(_ packets: [Int], from bytes: [UInt8]) -> [UInt8] {
        let gone = Set(packets)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for i in 0..<(bytes.count / Self.packet) where !gone.contains(i) {
            out += bytes[(i * Self.packet)..<((i + 1) * Self.packet)]
        }
        return out
    }

    private func texts(_ events: [PipelineEvent]) -> [String] {
        events.map { if case .warning(let text) = $0 { return text } else { return "not a warning: \($0)" } }
    }

    private func sample() throws -> [UInt8] { [UInt8](try Data(contentsOf: TestMedia.liveTS)) }

    func testTheUndamagedSampleCountsNoDamage() throws {
        let stats = TSIndexerTests.index(try sample(), chunk: 65_536).stats
        XCTAssertEqual([stats.syncLosses, stats.continuityErrors, stats.transportErrors, stats.truncatedBytes], [0, 0, 0, 0])
    }

    func testEachRemovedVideoPacketIsOneContinuityGap() throws {
        let bytes = try sample()
        let removed = continuationPackets(bytes, pid: 256, count: 5)
        XCTAssertEqual(removed.count, 5)
        let stats = TSIndexerTests.index(removing(removed, from: bytes), chunk: 65_536).stats
        XCTAssertEqual(stats.continuityErrors, 5)
        XCTAssertEqual(stats.syncLosses, 0)
    }

    func testAGapAtADiscontinuityIndicatorIsNotDamage() throws {
        let bytes = try sample()
        // Packets after the removed ones that carry an adaptation field get its
        // discontinuity_indicator: their counter may jump.
        let hasAdaptation = { (i: Int) in bytes[i * Self.packet + 3] & 0x20 != 0 && bytes[i * Self.packet + 4] > 0 }
        let removed = continuationPackets(bytes, pid: 256, count: 3, where: hasAdaptation)
        XCTAssertEqual(removed.count, 3)
        XCTAssertEqual(TSIndexerTests.index(removing(removed, from: bytes), chunk: 65_536).stats.continuityErrors, 3, "unmarked")
        var marked = bytes
        for i in removed { marked[(i + 1) * Self.packet + 5] |= 0x80 }
        XCTAssertEqual(TSIndexerTests.index(removing(removed, from: marked), chunk: 65_536).stats.continuityErrors, 0)
    }

    func testFlaggedPacketsAreCountedAndACutOffTailIsMeasured() throws {
        var bytes = try sample()
        let packets = bytes.count / Self.packet
        for i in [100, packets / 2, packets - 10] { bytes[i * Self.packet + 1] |= 0x80 }
        bytes.removeLast(100)
        let stats = TSIndexerTests.index(bytes, chunk: 10_000).stats
        XCTAssertEqual(stats.transportErrors, 3)
        XCTAssertEqual(stats.truncatedBytes, Self.packet - 100)
    }

    func testALiveReportCountsWhatIsNewAtMostOnceAnInterval() {
        var report = TSDamageReport(input: "udp://239.1.1.1:5000", interval: 900_000)
        var stats = TSIndexerStats()
        XCTAssertEqual(texts(report.warning(stats, now: 0, force: false)), [], "no damage, no line")
        stats.continuityErrors = 4
        XCTAssertEqual(texts(report.warning(stats, now: 90_000, force: false)),
                       ["input 'udp://239.1.1.1:5000': damaged transport stream: 4 continuity gap(s), packets lost or damaged"])
        stats.continuityErrors = 6
        stats.syncLosses = 1
        XCTAssertEqual(texts(report.warning(stats, now: 900_000, force: false)), [], "within 10 s of the last line")
        XCTAssertEqual(texts(report.warning(stats, now: 990_000, force: false)),
                       ["input 'udp://239.1.1.1:5000': damaged transport stream: 1 sync loss(es), bytes skipped to the next packet; "
                                 + "2 continuity gap(s), packets lost or damaged"])
        stats.transportErrors = 2
        stats.truncatedBytes = 40
        XCTAssertEqual(texts(report.warning(stats, now: 1_000_000, force: true)),
                       ["input 'udp://239.1.1.1:5000': damaged transport stream: 2 packet(s) flagged with transport_error_indicator; "
                                 + "the last 40 byte(s) not a whole packet (cut short)"])
    }

    func testAFileReportSaysEverythingOnceAtTheEnd() {
        var report = TSDamageReport(input: "in.ts", interval: nil)
        var stats = TSIndexerStats()
        stats.continuityErrors = 7
        XCTAssertEqual(texts(report.warning(stats, now: 90_000_000, force: false)), [])
        XCTAssertEqual(texts(report.warning(stats, now: 0, force: true)),
                       ["input 'in.ts': damaged transport stream: 7 continuity gap(s), packets lost or damaged"])
    }

    func testVodOfADamagedFileReportsItsGapsOnceThroughTheByteEngine() throws {
        let bytes = try sample()
        let input = try temporaryDirectory().appendingPathComponent("gaps.ts")
        try Data(removing(continuationPackets(bytes, pid: 256, count: 5), from: bytes)).write(to: input)
        let report = try VodPipeline.run(input: input.path, output: try temporaryDirectory().appendingPathComponent("out"),
                                         options: VodOptions())
        XCTAssertEqual(report.warnings.filter { $0.contains("damaged transport stream") },
                       ["input '\(input.path)': damaged transport stream: 5 continuity gap(s), packets lost or damaged"])
    }

    func testALiveChannelLogsEachGapOnceAsItReadsIt() throws {
        let bytes = try sample()
        let input = try temporaryDirectory().appendingPathComponent("gaps.ts")
        // Five gaps about 30 s of media apart: each falls in a 10 s reporting interval of its own.
        try Data(removing(continuationPackets(bytes, pid: 256, count: 5), from: bytes)).write(to: input)
        let run = try InProcessLive.run({ $0.endlistOnExit = true }, input: input,
                                        output: try temporaryDirectory().appendingPathComponent("out"))
        let damage = run.log.compactMap { $0.string("warning") }.filter { $0.contains("damaged transport stream") }
        XCTAssertEqual(damage, Array(repeating: "input '\(input.path)': damaged transport stream: 1 continuity gap(s), packets lost or damaged",
                                     count: 5))
        XCTAssertEqual(run.log.filter { $0.string("warning")?.contains("damaged transport stream") == true }.map(\.level),
                       Array(repeating: "warn", count: 5))
    }
}
