import Foundation
import XCTest
@testable import Packager

/// pkgctl's own `udp://` reader: which URLs it takes from libavformat, datagrams in order
/// through its backlog, a stopped read, and the port free again for the channel's next session.
final class LiveUDPInputTests: XCTestCase {

    func testOwnReaderTakesIPv4URLsWithOptionsItHonoursAndLeavesTheRestToLibavformat() throws {
        let unicast = try XCTUnwrap(LiveUDPInput.endpoint(of: "udp://127.0.0.1:5000"))
        XCTAssertEqual(unicast.port, 5000)
        XCTAssertFalse(unicast.isMulticast)
        // The channel's defaults for UDP (PipelineConfiguration) merge with the URL's, which win.
        let group = try XCTUnwrap(LiveUDPInput.endpoint(of: "udp://239.1.2.3:1234?fifo_size=500&localaddr=127.0.0.1",
                                                        options: ["fifo_size": "11155", "overrun_nonfatal": "1"]))
        XCTAssertTrue(group.isMulticast)
        XCTAssertEqual(group.backlogPackets, 500)
        XCTAssertEqual(group.interface, UInt32(0x7F00_0001).bigEndian)
        XCTAssertNil(group.receiveBuffer)
        XCTAssertNil(group.reuse)
        XCTAssertEqual(LiveUDPInput.endpoint(of: "udp://:5000")?.address, INADDR_ANY)
        for url in ["udp://127.0.0.1:5000?sources=10.0.0.1", "udp://encoder.example:5000", "udp://[::1]:5000",
                    "udp://127.0.0.1", "udp://127.0.0.1:5000?fifo_size=big", "udp://127.0.0.1:5000?localaddr=eth0",
                    "srt://127.0.0.1:5000", "udp://user@127.0.0.1:5000"] {
            XCTAssertNil(LiveUDPInput.endpoint(of: url), url)
        }
        XCTAssertNil(LiveUDPInput.endpoint(of: "udp://127.0.0.1:5000", options: ["pkt_size": "1316"]))
    }

    func testDatagramsArriveInOrderAndAStoppedReadThrows() throws {
        let port = try UDPTSSender.freeUDPPort()
        let interrupt = InterruptFlag()
        let input = try XCTUnwrap(try LiveUDPInput(url: "udp://127.0.0.1:\(port)", options: [:], interrupt: interrupt))
        let sender = try XCTUnwrap(LoopbackUDPSender(port: port))
        let datagrams = (0..<200).map { k in [UInt8](repeating: UInt8(k % 251), count: 1316) }
        for d in datagrams { sender.send(d) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while received.count < 200 * 1316 {
            let n = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            received += buffer.prefix(n)
        }
        XCTAssertEqual(received, datagrams.flatMap { $0 })
        XCTAssertEqual(input.droppedBytes, 0)
        interrupt.raise()
        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try input.read(into: $0) }) { error in
            XCTAssertEqual(error as? LiveInputError, .interrupted(input: "udp://127.0.0.1:\(port)"))
        }
    }

    /// A channel whose session ends opens the same port again at once (unicast binds without
    /// SO_REUSEADDR, as libavformat's do): closing must have released it.
    func testClosedInputReleasesItsPortAtOnce() throws {
        let port = try UDPTSSender.freeUDPPort()
        for _ in 0..<3 {
            let input = try LiveUDPInput(url: "udp://127.0.0.1:\(port)", options: [:], interrupt: nil)
            XCTAssertNotNil(input)
        }
    }

    /// What waits beyond `fifo_size` packets is dropped and counted, not buffered without bound.
    func testBacklogDropsWhatExceedsItsLimit() {
        let backlog = UDPBacklog(limit: 1000)
        backlog.push([UInt8](repeating: 1, count: 600))
        backlog.push([UInt8](repeating: 2, count: 600))
        backlog.push([UInt8](repeating: 3, count: 400))
        XCTAssertEqual(backlog.droppedBytes, 600)
        var buffer = [UInt8](repeating: 0, count: 700)
        guard case .bytes(let n) = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: 0) }) else { return XCTFail() }
        XCTAssertEqual(n, 700)
        XCTAssertEqual(buffer, [UInt8](repeating: 1, count: 600) + [UInt8](repeating: 3, count: 100))
        guard case .bytes(let m) = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: 0) }) else { return XCTFail() }
        XCTAssertEqual(m, 300)
        guard case .timedOut = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: 0.01) }) else { return XCTFail() }
    }

    /// The reader wakes the channel for every block's worth of queued bytes, and otherwise at
    /// the first push that finds the oldest queued bytes held about `deliveryHold`: at a 0.1 s
    /// cycle, every second push. The channel's own timed wake-up is only for its interrupt flag.
    func testTheChannelIsWokenForABlocksWorthOrForBytesHeldATenthOfASecond() {
        let backlog = UDPBacklog(limit: 1 << 20)
        for t in [0.0, 0.01, 0.02] { backlog.push([UInt8](repeating: 1, count: 20_000), at: t) }
        XCTAssertEqual(backlog.wakeups, 0)
        backlog.push([UInt8](repeating: 2, count: 5_536), at: 0.03)          // 65,536 queued
        XCTAssertEqual(backlog.wakeups, 1)
        var buffer = [UInt8](repeating: 0, count: 70_000)
        guard case .bytes(let n) = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: 0) }) else { return XCTFail() }
        XCTAssertEqual(n, 65_536)
        // Emptied: the next push starts the hold again.
        backlog.push([UInt8](repeating: 3, count: 1_316), at: 0.04)
        backlog.push([UInt8](repeating: 3, count: 1_316), at: 0.12)          // held 0.08 s
        XCTAssertEqual(backlog.wakeups, 1)
        backlog.push([UInt8](repeating: 3, count: 1_316), at: 0.1300001)     // held 0.09 s
        XCTAssertEqual(backlog.wakeups, 2)
        guard case .bytes(let m) = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: UDPBacklog.idleWake) })
        else { return XCTFail() }
        XCTAssertEqual(m, 3 * 1_316)
        XCTAssertEqual(UDPBacklog.deliveryHold, 0.1)
        XCTAssertEqual(UDPBacklog.idleWake, 0.5)
    }

    /// A poll that brings nothing hands the channel what is queued at once; with nothing queued
    /// it wakes no one.
    func testAnIdlePollFlushesWhatIsQueued() {
        let backlog = UDPBacklog(limit: 1 << 20)
        backlog.flush()
        XCTAssertEqual(backlog.wakeups, 0)
        backlog.push([UInt8](repeating: 1, count: 1_316), at: 5)
        XCTAssertEqual(backlog.wakeups, 0)
        backlog.flush()
        XCTAssertEqual(backlog.wakeups, 1)
    }

    /// The reader's cycle follows the input's rate: 100 ms at 4 Mb/s, a block's worth (26 ms) at
    /// 20 Mb/s, 10 ms from 52 Mb/s up, a burst shortens it at the next drain, and a small socket
    /// buffer caps it.
    func testReadCycleGathersAboutABlockAndShortensAtABurst() {
        // SO_RCVBUF as it reads after pkgctl's 2 MiB request where rmem_max allows it.
        var cycle = UDPReadCycle(receiveBuffer: 4_194_304)
        XCTAssertEqual(cycle.sleep(afterDraining: 1316, at: 100), 0.010)            // no rate yet
        XCTAssertEqual(cycle.sleep(afterDraining: 20_000, at: 100.040), 0.100)      // 500 kB/s: 131 ms capped
        // A 1 MiB grant (reads 2 MiB): half its payload lasts 84 ms at 50 Mb/s.
        XCTAssertEqual(UDPReadCycle(receiveBuffer: 2_097_152).ceiling, 2_097_152.0 / 4 / 6_250_000, accuracy: 1e-9)
        var fast = UDPReadCycle(receiveBuffer: 2_097_152)
        _ = fast.sleep(afterDraining: 0, at: 0)
        XCTAssertEqual(fast.sleep(afterDraining: 100_000, at: 0.040), 65_536 / 2_500_000, accuracy: 1e-9)
        var burst = UDPReadCycle(receiveBuffer: 4_194_304)
        _ = burst.sleep(afterDraining: 0, at: 0)
        XCTAssertEqual(burst.sleep(afterDraining: 20_000, at: 0.040), 0.100)
        XCTAssertEqual(burst.sleep(afterDraining: 400_000, at: 0.080), 0.010)        // 10 MB/s for one drain
        // Back to 500 kB/s: the average (2.28 MB/s after the burst) brings the cycle back slowly.
        XCTAssertEqual(burst.sleep(afterDraining: 20_000, at: 0.120), 65_536 / 2_281_250, accuracy: 1e-9)
        // Linux's default rmem_max (SO_RCVBUF reads 425,984): half its payload lasts 17 ms at 50 Mb/s.
        var small = UDPReadCycle(receiveBuffer: 425_984)
        _ = small.sleep(afterDraining: 0, at: 0)
        XCTAssertEqual(small.sleep(afterDraining: 20_000, at: 0.040), 425_984.0 / 4 / 6_250_000, accuracy: 1e-9)
        XCTAssertEqual(UDPReadCycle(receiveBuffer: 0).ceiling, 0.010)
    }

    /// A block read to its end goes back to the reader emptied, its memory kept: the reader does
    /// not allocate (and fault in) a new block every cycle.
    func testABlockReadToItsEndIsTheReadersNextBlock() {
        let backlog = UDPBacklog(limit: 1 << 20)
        var block = backlog.emptyBlock()
        XCTAssertGreaterThanOrEqual(block.capacity, UDPBacklog.blockCapacity)
        block.append(contentsOf: [UInt8](repeating: 7, count: 1316))
        let address = block.withUnsafeBufferPointer { $0.baseAddress }
        backlog.push(block)
        block = []
        var buffer = [UInt8](repeating: 0, count: 1000)
        for expected in [1000, 316] {
            guard case .bytes(let n) = buffer.withUnsafeMutableBytes({ backlog.take(into: $0, timeout: 0) }) else { return XCTFail() }
            XCTAssertEqual(n, expected)
        }
        let next = backlog.emptyBlock()
        XCTAssertTrue(next.isEmpty)
        XCTAssertEqual(next.withUnsafeBufferPointer { $0.baseAddress }, address)
    }

    /// A channel falling behind its UDP input logs what it lost, at most once a second while it
    /// lasts, each line with the bytes dropped since the last and in all.
    func testOverrunsAreReportedOnceASecondWithWhatWasLostSinceTheLastLine() {
        var report = OverrunReport()
        let t0 = Date(timeIntervalSince1970: 1_000)
        XCTAssertNil(report.check(dropped: 0, now: t0))
        XCTAssertTrue(report.check(dropped: 1316, now: t0)! == (1316, 1316))
        XCTAssertNil(report.check(dropped: 2632, now: t0.addingTimeInterval(0.5)))
        XCTAssertTrue(report.check(dropped: 3948, now: t0.addingTimeInterval(1.2))! == (2632, 3948))
        XCTAssertNil(report.check(dropped: 3948, now: t0.addingTimeInterval(5)))
    }
}
