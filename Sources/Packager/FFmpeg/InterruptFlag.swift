import CFFmpeg
import Foundation

/// Lets a blocking FFmpeg read (udp, srt, pipe waiting for data) be abandoned: FFmpeg polls the
/// flag through an AVIOInterruptCB and returns AVERROR_EXIT once it is raised, so shutdown and
/// input timeouts never hang on a silent encoder.
public final class InterruptFlag: @unchecked Sendable {
    /// A condition rather than a plain lock so that `sleep(until:)` ends the moment the flag is
    /// raised, without waking on a timer to look.
    private let lock = NSCondition()
    private var raised = false
    private var deadline: Date?

    public init() {}

    public func raise() {
        lock.withLock {
            raised = true
            lock.broadcast()
        }
    }

    /// Waits until `date`, or less when the flag is raised first. One wake-up per call: the
    /// paced and retrying loops that used to sleep in 50–100 ms slices so as to notice a raise
    /// woke up to 20 times a second for nothing, and each wake-up is a real-time channel's
    /// largest fixed cost (perf, 2026-12-05).
    func sleep(until date: Date) {
        lock.withLock {
            while !raised, lock.wait(until: date) {}
        }
    }

    /// Also interrupt once `date` has passed (a read that should not block longer).
    public func interrupt(after date: Date?) { lock.withLock { deadline = date } }

    public var isRaised: Bool {
        lock.withLock { raised || (deadline.map { Date() >= $0 } ?? false) }
    }

    /// Only the deadline has passed (a stalled read), no shutdown was asked for.
    public var stalled: Bool {
        lock.withLock { !raised && (deadline.map { Date() >= $0 } ?? false) }
    }

    var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().isRaised ? 1 : 0
        }, opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
