import Foundation
import XCTest
@testable import Packager

/// The UDP reader's batched receive: datagrams of any size whole and in order, a batch's worth
/// per call, and an empty socket said as such.
final class DatagramBatchTests: XCTestCase {

    func testWaitingDatagramsComeWholeAndInOrderABatchAtATime() throws {
        let port = try UDPTSSender.freeUDPPort()
        let socket = try Self.boundSocket(port: port)
        defer { close(socket) }
        // Sizes a TS sender uses (7 packets, 1 packet, 2 packets) and one larger than a slot, whose
        // rest comes from its overflow.
        let sizes: [Int] = [1316, 188, 376]
        let datagrams: [[UInt8]] = (0..<40).map { (k: Int) -> [UInt8] in
            [UInt8](repeating: UInt8(k), count: k == 5 ? 30_000 : sizes[k % 3])
        }
        try Self.send(datagrams, to: port, waitingOn: socket)
        let (outcomes, received) = Self.receive(DatagramBatch(), from: socket, calls: 3)
        XCTAssertEqual(outcomes, [.received(32), .received(8), .empty])
        XCTAssertEqual(received, datagrams)
    }

    /// Where recvmmsg is missing or refused: the same datagrams, one a call.
    func testWithoutRecvmmsgEachCallTakesOneDatagramWhole() throws {
        let port = try UDPTSSender.freeUDPPort()
        let socket = try Self.boundSocket(port: port)
        defer { close(socket) }
        let batch = DatagramBatch(batched: false)
        XCTAssertEqual(batch.perCall, 1)
        let datagrams: [[UInt8]] = [[UInt8](repeating: 1, count: 1316), [UInt8](repeating: 2, count: 30_000)]
        try Self.send(datagrams, to: port, waitingOn: socket)
        let (outcomes, received) = Self.receive(batch, from: socket, calls: 3)
        XCTAssertEqual(outcomes, [.received(1), .received(1), .empty])
        XCTAssertEqual(received, datagrams)
    }

    /// Sends `datagrams` over loopback and waits until `socket` has them all: loopback delivers
    /// in the sender's call unless the kernel defers the work to a thread of its own (a loaded
    /// machine), which is given time to finish.
    private static func send(_ datagrams: [[UInt8]], to port: UInt16, waitingOn socket: Int32) throws {
        let sender = try XCTUnwrap(LoopbackUDPSender(port: port))
        for d in datagrams { sender.send(d) }
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&entry, 1, 2000), 1)
        usleep(50_000)
    }

    /// `calls` receives from `socket`: each one's outcome, and every datagram taken, whole.
    private static func receive(_ batch: DatagramBatch, from socket: Int32, calls: Int)
        -> (outcomes: [DatagramBatch.Outcome], datagrams: [[UInt8]]) {
        var received: [[UInt8]] = []
        let outcomes = (0..<calls).map { _ in batch.receive(from: socket) { received.append(Array($0) + Array($1)) } }
        return (outcomes, received)
    }

    private static func boundSocket(port: UInt16) throws -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw LiveInputError.open(input: "udp://127.0.0.1:\(port)", errno: errno) }
        var size: Int32 = 1 << 20
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw LiveInputError.open(input: "udp://127.0.0.1:\(port)", errno: errno)
        }
        return fd
    }
}
