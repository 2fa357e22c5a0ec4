import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One encoder feed delivered to several receivers, the way a multicast group (or an encoder
/// with two outputs) feeds a redundant pair: every datagram that reaches `port` is sent on, in
/// order, to each of `targets` on 127.0.0.1. A target nobody listens on yet just loses it, as a
/// packager that has not joined yet would; a `held` target gets nothing until `release`d, so a
/// receiver can join at a chosen point of the feed whatever its start-up took.
final class UDPFanOut: @unchecked Sendable {
    let port: UInt16
    let targets: [UInt16]
    private let fd: Int32
    private let lock = NSLock()
    private var stopRequested = false
    private var held: Set<UInt16>
    private let done = DispatchSemaphore(value: 0)

    init(targets: [UInt16], held: Set<UInt16> = []) throws {
        self.targets = targets
        self.held = held
        port = try UDPTSSender.freeUDPPort()
        fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw UDPTSSender.SenderError("socket() failed: errno \(errno)") }
        var size: Int32 = 8 << 20
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = Self.loopback(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw UDPTSSender.SenderError("bind() to udp port \(port) failed: errno \(errno)")
        }
    }

    func start() {
        let t = Thread { [self] in
            relay()
            done.signal()
        }
        t.name = "UDPFanOut"
        t.start()
    }

    func stop() {
        lock.lock(); stopRequested = true; lock.unlock()
        _ = done.wait(timeout: .now() + 2)
    }

    /// From now on `target` gets the feed too.
    func release(_ target: UInt16) {
        lock.lock(); held.remove(target); lock.unlock()
    }

    private var stopping: Bool { lock.lock(); defer { lock.unlock() }; return stopRequested }
    private var heldNow: Set<UInt16> { lock.lock(); defer { lock.unlock() }; return held }

    private func relay() {
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var addresses = targets.map(Self.loopback)
        while !stopping {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            let skipped = heldNow
            for i in addresses.indices where !skipped.contains(targets[i]) {
                buffer.withUnsafeBytes { bytes in
                    withUnsafePointer(to: &addresses[i]) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            _ = sendto(fd, bytes.baseAddress, count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
                }
            }
        }
    }

    private static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
