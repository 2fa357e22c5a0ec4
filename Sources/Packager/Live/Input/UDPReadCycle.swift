/// How long a `LiveUDPInput` reader thread sleeps after draining its socket: long enough that
/// one cycle gathers about a backlog block, never so long that the socket's receive buffer could
/// fill in between.
///
/// Why: at real time a channel's wake-ups, not the bytes, are most of a UDP channel's CPU (every
/// wake-up starts with cold caches). A fixed 10 ms cycle woke a 4 Mb/s channel fed by `ffmpeg -re
/// … -f mpegts udp://` about 57 times a second; 40 ms cycles took 9 % less CPU (side by side, perf
/// stat, 60 s). Cycles of up to 100 ms, with the channel woken for a block's worth or after
/// `UDPBacklog.deliveryHold` (not at every cycle): 1,520 against 2,650 context switches a minute,
/// 156–158 against 180–196 ms of CPU (the 40 ms build that woke the channel every cycle; both
/// orders, 60 s, 2026-12-05), segments byte-identical. Received bytes then reach the channel at
/// most about 0.2 s after they arrive.
///
/// The cycle follows the input's rate: 100 ms up to 5.2 Mb/s, a block's worth between, 10 ms from
/// 52 Mb/s up, and a drain larger than a block shortens it at once. Because an input may jump
/// from a slow rate to a fast one between two drains, a sleep is also never longer than half the
/// socket's receive buffer lasts at 50 Mb/s: 100 ms needs a buffer of about 1.25 MB (pkgctl asks
/// for 2 MiB, granted where `net.core.rmem_max` allows it); under Linux's default `rmem_max`
/// (208 KiB, reported as 416 KiB) the cycle stays at 17 ms or less.
struct UDPReadCycle {
    static let shortest = 0.010
    static let longest = 0.100
    /// What one cycle should gather: one backlog block.
    static let bytesPerCycle = UDPBacklog.blockCapacity
    /// The rate a sleep must survive whatever the input's rate so far (50 Mb/s), in bytes a second.
    static let burstRate = 6_250_000.0

    /// The longest sleep this socket's receive buffer allows.
    let ceiling: Double
    /// Bytes per second, smoothed over the last few drains.
    private var rate: Double?
    private var lastDrain: Double?

    /// `receiveBuffer`: SO_RCVBUF as the kernel reports it (twice what it holds in datagram
    /// payload and bookkeeping, so a quarter of it is half the payload it holds).
    init(receiveBuffer: Int) {
        ceiling = min(Self.longest, max(Self.shortest, Double(receiveBuffer) / 4 / Self.burstRate))
    }

    /// After draining `bytes` at `now` (seconds, a monotonic clock): the sleep before the next
    /// drain, in seconds.
    mutating func sleep(afterDraining bytes: Int, at now: Double) -> Double {
        defer { lastDrain = now }
        guard let lastDrain, now > lastDrain else { return Self.shortest }
        let sample = Double(bytes) / (now - lastDrain)
        let smoothed = rate.map { 0.75 * $0 + 0.25 * sample } ?? sample
        rate = smoothed
        // A burst counts at once; the average only decides how slowly the cycle grows again.
        let fastest = max(smoothed, sample)
        guard fastest > 0 else { return ceiling }
        return min(ceiling, max(Self.shortest, Double(Self.bytesPerCycle) / fastest))
    }
}
