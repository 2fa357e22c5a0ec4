import Foundation

/// `--realtime`: holds a file's media back so that it advances no faster than wall time × speed.
///
/// Media is released in blocks: a frame due less than `block` from now goes on at once, so the
/// channel wakes about once per block rather than once per frame. Sleeping whenever a frame was
/// early woke the channel 334 times a second at 30× (strace; FFmpeg's `-readrate` polls every
/// 10 ms), and at real time the wake-ups were most of what a channel cost beyond the work on its
/// bytes: a 4 Mb/s channel paced in 10 ms steps took 0.17–0.19 % of a core, in 0.2 s blocks
/// 0.11–0.12 % (perf stat, 30 s runs, 2026-12-05). The block is about what a UDP input hands the
/// channel at once (UDPBacklog's hold after the reader's cycle), so a paced file feeds the
/// channel as a live encoder's stream would.
struct RealtimePacer {
    static let block = 0.2

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
        return due.timeIntervalSince(now) >= Self.block ? due : nil
    }
}
