import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Relays an MPEG-TS file to 127.0.0.1:PORT over UDP the way a lossy network delivers an
/// encoder's output: 7 TS packets a datagram, paced by the PCR (of whichever PID carries it, so a
/// programme switch keeps its pace) at `speed` × real time, each 188-byte packet subjected to
/// `fault` with a seeded generator, so every run of a test sends the same damage.
final class FaultyUDPRelay: @unchecked Sendable {
    enum Fault: Equatable, CustomStringConvertible {
        case none
        /// Each packet lost with this probability.
        case drop(Double)
        /// Runs of `length` packets lost, one starting at a packet with probability `rate`.
        case burst(rate: Double, length: Int)
        /// Each packet, with this probability, gets `bytes` random bytes after its 4-byte header.
        case corrupt(Double, bytes: Int)
        /// Each packet, with this probability, sent twice.
        case duplicate(Double)

        var description: String {
            switch self {
            case .none: return "none"
            case .drop(let p): return "drop \(p * 100)%"
            case .burst(let r, let n): return "bursts of \(n) (rate \(r))"
            case .corrupt(let p, let n): return "corrupt \(n) bytes in \(p * 100)%"
            case .duplicate(let p): return "duplicate \(p * 100)%"
            }
        }
    }

    /// What the relay did to the stream.
    struct Tally: Equatable {
        var sent = 0, dropped = 0, corrupted = 0, duplicated = 0
    }

    let port: UInt16
    private let packets: [[UInt8]]
    private let speed: Double
    private let fault: Fault
    private var random: SplitMix64
    private let lock = NSLock()
    private var counts = Tally()
    private var stopRequested = false
    private let done = DispatchSemaphore(value: 0)

    init(file: URL, port: UInt16, speed: Double, fault: Fault, seed: UInt64 = 1) throws {
        let bytes = [UInt8](try Data(contentsOf: file))
        packets = stride(from: 0, to: bytes.count - 187, by: 188).map { Array(bytes[$0..<($0 + 188)]) }
        self.port = port
        self.speed = speed
        self.fault = fault
        random = SplitMix64(seed: seed)
    }

    var tally: Tally { lock.withLock { counts } }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "FaultyUDPRelay"
        thread.start()
    }

    func waitUntilFinished(timeout: Double) -> Bool { done.wait(timeout: .now() + timeout) == .success }

    func stop() { lock.withLock { stopRequested = true } }

    private func chance(_ p: Double) -> Bool { Double(random.next() >> 11) / Double(1 << 53) < p }

    /// The packets `packet` becomes on the way (none, itself, damaged, twice).
    private func deliver(_ packet: [UInt8], burstLeft: inout Int) -> [[UInt8]] {
        switch fault {
        case .none: return [packet]
        case .drop(let p):
            if chance(p) { counts.dropped += 1; return [] }
            return [packet]
        case .burst(let rate, let length):
            if burstLeft > 0 || chance(rate) {
                burstLeft = burstLeft > 0 ? burstLeft - 1 : length - 1
                counts.dropped += 1
                return []
            }
            return [packet]
        case .corrupt(let p, let n):
            guard chance(p) else { return [packet] }
            var damaged = packet
            for _ in 0..<n { damaged[4 + Int(random.next() % 184)] = UInt8(truncatingIfNeeded: random.next()) }
            counts.corrupted += 1
            return [damaged]
        case .duplicate(let p):
            guard chance(p) else { return [packet] }
            counts.duplicated += 1
            return [packet, packet]
        }
    }

    private func run() {
        guard let socket = LoopbackUDPSender(port: port) else { return }
        var clock: (wall: Date, pcr: Int64)?
        var burstLeft = 0
        for start in stride(from: 0, to: packets.count, by: 7) {
            if lock.withLock({ stopRequested }) { break }
            var datagram: [UInt8] = []
            for packet in packets[start..<min(packets.count, start + 7)] {
                if let pcr = UDPTSSender.pcr(packet, at: 0)?.1 {
                    if let c = clock, pcr >= c.pcr {
                        let wait = c.wall.addingTimeInterval(Double(pcr - c.pcr) / 90_000 / speed).timeIntervalSinceNow
                        if wait > 0.002 { Thread.sleep(forTimeInterval: wait) }
                    } else {
                        clock = (Date(), pcr)
                    }
                }
                lock.withLock { for p in deliver(packet, burstLeft: &burstLeft) { datagram += p } }
            }
            guard !datagram.isEmpty else { continue }
            socket.send(datagram)
            lock.withLock { counts.sent += 1 }
        }
    }
}
