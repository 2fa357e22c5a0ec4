import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// pkgctl's own reader of a `udp://` live input (IPv4, unicast or any-source multicast), as
/// libavformat's udp protocol reads one for input: bound to the URL's port (and, for a
/// multicast group, to the group's address, after joining it on `localaddr` or any interface).
///
/// A reader thread drains the socket into a `UDPBacklog`, then sleeps 10–100 ms
/// (`UDPReadCycle`), so the channel's thread may stop (an fsync on a slow disk) without the kernel
/// dropping datagrams, and so the reader wakes 10–100 times a second while data flows, however
/// many datagrams arrive (4 Mb/s in 1316-byte datagrams is 380 a second); the reader wakes the
/// channel's thread for every 64 KiB, or once the oldest bytes it holds have waited about 0.1 s
/// (`UDPBacklog.deliveryHold`), whichever comes first.
///
/// Why not libavformat's: its FIFO is a fixed ring whose every page becomes resident (2 MiB per
/// channel as pkgctl configures it), and opening it loads FFmpeg's libraries (see
/// `LiveFileInput`). URLs with options it does not know (`sources`, `connect`, `pkt_size`…), host
/// names and IPv6 stay with libavformat.
final class LiveUDPInput: LiveByteInput {
    let url: String
    private let descriptor: Int32
    private let interrupt: InterruptFlag?
    private let backlog: UDPBacklog
    /// The options this reader honours (URL query or the channel's input options); any other
    /// leaves the URL to libavformat. `timeout` and `overrun_nonfatal` need nothing: a stall is
    /// the channel's input timeout, and a full backlog drops datagrams without failing.
    static let understood: Set<String> = ["fifo_size", "overrun_nonfatal", "buffer_size", "localaddr", "reuse", "timeout"]

    /// What a URL and the channel's options ask for, parsed once.
    struct Endpoint: Equatable {
        var address: in_addr_t                  // network byte order
        var port: UInt16
        /// `localaddr`: the interface a group is joined on (INADDR_ANY: any).
        var interface: in_addr_t = INADDR_ANY
        /// `fifo_size`: the backlog's limit in 188-byte packets, as libavformat counts its FIFO.
        var backlogPackets: Int?
        /// `buffer_size`: SO_RCVBUF.
        var receiveBuffer: Int?
        /// `reuse`: SO_REUSEADDR (nil: for a multicast group only, as libavformat does).
        var reuse: Bool?
        var isMulticast: Bool { (UInt32(bigEndian: address) >> 28) == 0xE }
    }

    /// The address, port and options `url` names, merged with `options` (the URL's win, as in
    /// libavformat); nil where libavformat must read it.
    static func endpoint(of url: String, options: [String: String] = [:]) -> Endpoint? {
        guard url.hasPrefix("udp://"), let parts = URLComponents(string: url), parts.user == nil, parts.password == nil,
              parts.path.isEmpty, let port = parts.port, (1...65_535).contains(port) else { return nil }
        var merged = options
        for item in parts.queryItems ?? [] { merged[item.name] = item.value ?? "" }
        guard Set(merged.keys).isSubset(of: understood), let address = ipv4(parts.host ?? "") else { return nil }
        var numbers: [String: Int] = [:]
        for key in ["fifo_size", "buffer_size", "reuse"] {
            guard let text = merged[key] else { continue }
            guard let number = Int(text) else { return nil }
            numbers[key] = number
        }
        var endpoint = Endpoint(address: address, port: UInt16(port), backlogPackets: numbers["fifo_size"],
                                receiveBuffer: numbers["buffer_size"], reuse: numbers["reuse"].map { $0 != 0 })
        if let text = merged["localaddr"] {
            guard !text.isEmpty, let interface = ipv4(text) else { return nil }
            endpoint.interface = interface
        }
        return endpoint
    }

    /// A dotted IPv4 address in network byte order; "" is INADDR_ANY; nil for anything else.
    private static func ipv4(_ text: String) -> in_addr_t? {
        if text.isEmpty { return INADDR_ANY }
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 ? address.s_addr : nil
    }

    /// Opens `url` when this reader serves it; nil when libavformat must.
    init?(url: String, options: [String: String], interrupt: InterruptFlag?) throws {
        guard let endpoint = Self.endpoint(of: url, options: options) else { return nil }
        self.url = url
        self.interrupt = interrupt
        // libavformat's fifo_size counts 188-byte packets.
        backlog = UDPBacklog(limit: max(endpoint.backlogPackets ?? 44_620, 64) * 188)
        descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LiveInputError.open(input: url, errno: errno) }
        do {
            try configure(endpoint)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        let cycle = UDPReadCycle(receiveBuffer: receiveBufferSize())
        let thread = Thread { [backlog, descriptor] in Self.receive(from: descriptor, into: backlog, cycle: cycle) }
        thread.name = "udp-input"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    deinit {
        // The reader thread polls in 100 ms steps and sees the backlog closed; shutting the socket
        // down wakes it at once. The port is free again when this returns: a new session of the
        // channel binds it next.
        backlog.close()
        shutdown(descriptor, Int32(SHUT_RDWR))
        backlog.waitForReader(timeout: 1)
        Glibc.close(descriptor)
    }

    /// SO_RCVBUF as the kernel granted it (0 if it cannot say: the shortest cycle).
    private func receiveBufferSize() -> Int {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, &length) == 0 ? Int(size) : 0
    }

    private func configure(_ endpoint: Endpoint) throws {
        func option(_ level: Int32, _ name: Int32, _ value: Int32) -> Bool {
            var v = value
            return setsockopt(descriptor, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) == 0
        }
        if endpoint.reuse ?? endpoint.isMulticast, !option(SOL_SOCKET, SO_REUSEADDR, 1) {
            throw LiveInputError.open(input: url, errno: errno)
        }
        // A request the kernel caps at net.core.rmem_max; the backlog is what absorbs stalls. 2 MiB
        // lets the reader sleep the longest `UDPReadCycle` (100 ms) safe from a 50 Mb/s burst.
        _ = option(SOL_SOCKET, SO_RCVBUF, Int32(clamping: endpoint.receiveBuffer ?? 2 << 20))
        var bound = sockaddr_in()
        bound.sin_family = sa_family_t(AF_INET)
        bound.sin_port = endpoint.port.bigEndian
        bound.sin_addr.s_addr = endpoint.isMulticast ? endpoint.address : endpoint.interface
        let status = withUnsafePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { throw LiveInputError.open(input: url, errno: errno) }
        if endpoint.isMulticast {
            var request = ip_mreq(imr_multiaddr: in_addr(s_addr: endpoint.address), imr_interface: in_addr(s_addr: endpoint.interface))
            guard setsockopt(descriptor, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, socklen_t(MemoryLayout<ip_mreq>.size)) == 0 else {
                throw LiveInputError.open(input: url, errno: errno)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !buffer.isEmpty else { return 0 }
        while true {
            if interrupt?.isRaised == true { throw LiveInputError.interrupted(input: url) }
            switch backlog.take(into: buffer, timeout: UDPBacklog.idleWake) {
            case .bytes(let n): return n
            case .failed(let code): throw LiveInputError.read(input: url, errno: code)
            case .timedOut: continue
            }
        }
    }

    /// Datagrams dropped so far because the channel had not read `fifo_size` packets' worth.
    var droppedBytes: Int { backlog.droppedBytes }

    /// The reader thread: every 10–100 ms, every datagram waiting, into the backlog's blocks.
    private static func receive(from descriptor: Int32, into backlog: UDPBacklog, cycle: UDPReadCycle) {
        defer { backlog.readerFinished() }
        let batch = DatagramBatch()
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var cycle = cycle
        while !backlog.isClosed {
            let ready = poll(&entry, 1, 100)
            if ready < 0, errno != EINTR { return backlog.fail(errno) }
            if ready == 0 { backlog.flush() }
            guard ready > 0, !backlog.isClosed else { continue }
            var block = backlog.emptyBlock()
            var drained = 0
            // False once a call finds the queue empty. A zero-length datagram ends this cycle's
            // drain too, as recv() == 0 did; the next cycle goes on.
            var more = true
            func take(_ datagram: UnsafeRawBufferPointer, _ rest: UnsafeRawBufferPointer) {
                guard !datagram.isEmpty else { return more = false }
                if block.count + datagram.count + rest.count > UDPBacklog.blockCapacity {
                    backlog.push(block)
                    block = backlog.emptyBlock()
                }
                block.append(contentsOf: datagram)
                block.append(contentsOf: rest)
                drained += datagram.count + rest.count
            }
            while more {
                switch batch.receive(from: descriptor, take) {
                case .received(let count): if count < batch.perCall { more = false }
                case .empty: more = false
                case .failed(let code):
                    if backlog.isClosed { return }
                    return backlog.fail(code)
                }
            }
            let now = UDPBacklog.now()
            backlog.push(block, at: now)
            let pause = cycle.sleep(afterDraining: drained, at: now)
            usleep(UInt32(pause * 1_000_000))
        }
    }
}
