import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replays an MPEG-TS file to 127.0.0.1:PORT over UDP the way an encoder would: 7 TS packets
/// per datagram, paced by the file's own PCR (33-bit base, 90 kHz) at `speed` × real time,
/// optionally going silent for `pause.seconds` once `pause.afterMediaSeconds` of media went out.
final class UDPTSSender: @unchecked Sendable {
    struct Pause {
        var afterMediaSeconds: Double
        var seconds: Double
    }

    static let packetSize = 188
    static let packetsPerDatagram = 7

    let port: UInt16
    let speed: Double
    let pause: Pause?
    private let datagrams: [(bytes: [UInt8], pcr: Int64?)]
    private let lock = NSLock()
    private var stopRequested = false
    private var finishedAt: Date?
    private var pauseWindow: (start: Date, end: Date)?
    private var pauseBegan: Date?
    private var sent = 0
    private let done = DispatchSemaphore(value: 0)
    private var thread: Thread?

    init(file: URL, port: UInt16, speed: Double, pause: Pause? = nil) throws {
        self.port = port
        self.speed = speed
        self.pause = pause
        let bytes = [UInt8](try Data(contentsOf: file))
        guard bytes.count >= Self.packetSize, bytes[0] == 0x47 else {
            throw SenderError("\(file.path) does not start with a TS sync byte")
        }
        let packets = bytes.count / Self.packetSize
        var pcrPID: Int?
        var chunks: [(bytes: [UInt8], pcr: Int64?)] = []
        var index = 0
        while index < packets {
            let end = min(packets, index + Self.packetsPerDatagram)
            var latestPCR: Int64?
            for p in index..<end {
                let offset = p * Self.packetSize
                guard let (pid, pcr) = Self.pcr(bytes, at: offset) else { continue }
                if pcrPID == nil { pcrPID = pid }
                if pid == pcrPID { latestPCR = pcr }
            }
            chunks.append((Array(bytes[index * Self.packetSize ..< end * Self.packetSize]), latestPCR))
            index = end
        }
        guard pcrPID != nil else { throw SenderError("\(file.path) carries no PCR") }
        datagrams = chunks
    }

    /// The PID and 33-bit PCR base of a packet whose adaptation field carries a PCR.
    static func pcr(_ bytes: [UInt8], at offset: Int) -> (Int, Int64)? {
        guard bytes[offset] == 0x47 else { return nil }
        let pid = (Int(bytes[offset + 1] & 0x1F) << 8) | Int(bytes[offset + 2])
        let control = (bytes[offset + 3] >> 4) & 0x3
        guard control == 2 || control == 3 else { return nil }
        let length = Int(bytes[offset + 4])
        guard length >= 7, bytes[offset + 5] & 0x10 != 0 else { return nil }
        let b = offset + 6
        let base = (Int64(bytes[b]) << 25) | (Int64(bytes[b + 1]) << 17) | (Int64(bytes[b + 2]) << 9)
            | (Int64(bytes[b + 3]) << 1) | (Int64(bytes[b + 4]) >> 7)
        return (pid, base)
    }

    func start() {
        let t = Thread { [self] in
            run()
            done.signal()
        }
        t.name = "UDPTSSender"
        thread = t
        t.start()
    }

    /// Waits until the whole file went out; false on timeout.
    func waitUntilFinished(timeout: Double) -> Bool {
        done.wait(timeout: .now() + timeout) == .success
    }

    func stop() {
        lock.lock(); stopRequested = true; lock.unlock()
    }

    var datagramsSent: Int { lock.lock(); defer { lock.unlock() }; return sent }
    var endTime: Date? { lock.lock(); defer { lock.unlock() }; return finishedAt }
    /// When the sender went silent and came back (nil until the pause is over).
    var pausedInterval: (start: Date, end: Date)? { lock.lock(); defer { lock.unlock() }; return pauseWindow }

    /// When the sender went silent (set as soon as the pause begins).
    var pauseStart: Date? { lock.lock(); defer { lock.unlock() }; return pauseBegan }

    private var stopping: Bool { lock.lock(); defer { lock.unlock() }; return stopRequested }

    private func run() {
        guard let socket = LoopbackUDPSender(port: port) else { return }
        var startWall = Date()
        var firstPCR: Int64?
        var paused = false
        for datagram in datagrams {
            if stopping { break }
            if let pcr = datagram.pcr {
                if firstPCR == nil { firstPCR = pcr }
                let media = Double(pcr - (firstPCR ?? pcr)) / 90_000
                if let pause, !paused, media >= pause.afterMediaSeconds {
                    paused = true
                    let began = Date()
                    lock.lock(); pauseBegan = began; lock.unlock()
                    while !stopping, Date().timeIntervalSince(began) < pause.seconds { Thread.sleep(forTimeInterval: 0.01) }
                    let ended = Date()
                    startWall = startWall.addingTimeInterval(ended.timeIntervalSince(began))
                    lock.lock(); pauseWindow = (began, ended); lock.unlock()
                }
                let due = startWall.addingTimeInterval(media / speed)
                let wait = due.timeIntervalSinceNow
                if wait > 0.002 { Thread.sleep(forTimeInterval: wait) }
            }
            socket.send(datagram.bytes)
            lock.lock(); sent += 1; lock.unlock()
        }
        lock.lock(); finishedAt = Date(); lock.unlock()
    }

    /// A UDP port nobody is bound to right now on 127.0.0.1.
    static func freeUDPPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw SenderError("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw SenderError("bind() failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw SenderError("getsockname() failed: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether some process has a UDP socket bound to `port` (from /proc/net/udp), so a
    /// sender can wait for the receiver instead of sleeping.
    static func isBound(udpPort port: UInt16) -> Bool {
        let suffix = String(format: ":%04X", port)
        for table in ["/proc/net/udp", "/proc/net/udp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                if fields.count > 1, fields[1].hasSuffix(suffix) { return true }
            }
        }
        return false
    }

    struct SenderError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
