import CueDetect
import Foundation

/// A pass of the TS section scanner over a local MPEG-TS file for its video timestamps alone
/// (no demuxing: a fraction of a second per 500 MB): where they jump — an SSAI splice that
/// restarted the clock — and so where one stitched file holds runs of its own timestamps.
enum TimestampResetScan {
    struct Run: Equatable {
        /// Video PES timestamps (90 kHz, unwrapped within the run) of its earliest and latest frame.
        var firstTicks: Int64
        var lastTicks: Int64
        var frames: Int
    }

    /// A jump larger than this between consecutive video PES timestamps is a reset (B-frames
    /// reorder only a few frames).
    static let jumpTicks: Int64 = 90_000

    /// Whether a stream's clock restarted between two consecutive timestamps of it: the one test
    /// the scan, `StitchedFileSource` and `TSEventSource` share.
    static func isReset(from previous: Int64, to next: Int64) -> Bool { abs(next - previous) > jumpTicks }

    /// The runs of `path`, or nil when it is not a local MPEG-TS file.
    static func runs(of path: String) -> [Run]? { scan(path)?.runs }

    /// The runs, and how many SCTE-35 sections the file carries (spans may come from those).
    static func scan(_ path: String) -> (runs: [Run], sections: Int)? {
        // The file is read where it lies in the page cache (mapped window by window, each
        // unmapped once scanned, so it never adds to the resident set) rather than copied in by
        // read(): this pass over the whole input cost a tenth of a `pkgctl vod` run's CPU.
        guard FileManager.default.fileExists(atPath: path), let input = try? TSInputWindow(mappingFile: path),
              let head = try? input.fileWindow(0), head.first == 0x47 else { return nil }
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        var runs: [Run] = []
        var sections = 0
        var last: Int64?
        var window: Int64 = 0, scanned: Int64 = 0
        while let chunk = try? input.fileWindow(window) {
            scanner.feed(chunk, into: &events)
            window += 1
            scanned += Int64(chunk.count)
            input.release(before: scanned + Int64(TSPacketBytes.size))   // a window is mapped with one packet of overlap
            for event in events {
                if case .section = event { sections += 1 }
                guard case .videoPTS(let raw, _, _) = event else { continue }
                let pts = last.map { ProgramClock.unwrap(raw, near: $0) } ?? Int64(raw & ProgramClock.mask)
                if let previous = last, !isReset(from: previous, to: pts), !runs.isEmpty {
                    runs[runs.count - 1].firstTicks = min(runs[runs.count - 1].firstTicks, pts)
                    runs[runs.count - 1].lastTicks = max(runs[runs.count - 1].lastTicks, pts)
                    runs[runs.count - 1].frames += 1
                } else {
                    runs.append(Run(firstTicks: pts, lastTicks: pts, frames: 1))
                }
                last = pts
            }
            events.removeAll(keepingCapacity: true)
        }
        return (runs, sections)
    }
}
