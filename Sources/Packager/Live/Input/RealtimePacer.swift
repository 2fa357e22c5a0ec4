import Foundation

/// `--realtime`: holds a file's media back so that it advances no faster than wall time × speed.
///
/// Media is released in blocks: a frame due sooner than `block` of media from now goes on at
/// once, so the channel wakes about once per block rather than once per frame. Sleeping whenever
/// a frame was early woke the channel 334 times a second at 30× (strace), and at real time the
/// wake-ups were most of what a channel cost beyond the work on its bytes: a 4 Mb/s channel paced
/// in 10 ms steps took 0.17–0.19 % of a core, in 0.2 s blocks 0.11–0.12 % (perf stat, 30 s runs,
/// 2026-12-05). The block is about what a UDP input hands the channel at once (UDPBacklog's hold
/// after the reader's cycle), so a paced file feeds the channel as a live encoder's stream would.
///
/// It is media time, not wall time, so that `--speed` is a faster clock and not a burstier feed;
/// but a wait is never shorter than `shortestWait` of wall time (FFmpeg's `-readrate` polls every
/// 10 ms). A block of 0.2 s of wall time would hand a channel at 30× a whole 6 s segment per
/// wake-up: cheaper (0.070–0.081 against 0.104–0.119 % of a core per hour of media, alternated
/// 20 s runs, 2026-12-05; publish latency the same), but a feed no live input sends, and the
/// 30× bench rows would no longer measure what they measured before.
struct RealtimePacer {
    /// Seconds of media.
    static let block = 0.2
    /// Seconds of wall time.
    static let shortestWait = 0.01

    let speed: Double
    private var origin: (wall: Date, ticks: Int64)?

    init(speed: Double) { self.speed = max(speed, 0.01) }

    /// Starts over at the next frame: its timestamps are a new stretch (a programme change, a
    /// reset clock).
    mutating func restart() { origin = nil }

    /// When the video frame at `pts` may go on: nil for now, otherwise the time to wait for.
    mutating func due(pts: Int64, now: Date) -> Date? {
        guard let o = origin else {
            origin = (now, pts)
            return nil
        }
        let due = o.wall.addingTimeInterval(Double(pts - o.ticks) / 90_000 / speed)
        return due.timeIntervalSince(now) >= max(Self.block / speed, Self.shortestWait) ? due : nil
    }
}
