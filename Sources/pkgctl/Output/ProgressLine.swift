import Foundation
import Packager

/// `pkgctl vod`'s progress on a terminal: one line on stderr, rewritten in place at most ten
/// times a second, cleared when the run ends, so nothing of it stays in the scrollback or
/// reaches a file or pipe (there the line is never drawn at all).
final class ProgressLine: @unchecked Sendable {
    private let totalBytes: Int64?
    private let columns: Int?
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false
    private var finished = false
    private let lock = NSLock()

    private static let interval: UInt64 = 100_000_000

    /// A progress line when stderr is a terminal and `--quiet` was not given; else nil.
    static func onTerminal(quiet: Bool, totalBytes: Int64?) -> ProgressLine? {
        guard !quiet, Terminal.standardErrorIsTerminal else { return nil }
        return ProgressLine(totalBytes: totalBytes, columns: Terminal.standardErrorColumns)
    }

    /// The size of a local file input (nil for URLs and pipes).
    static func fileSize(_ path: String) -> Int64? {
        guard !path.contains("://"), let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber else {
            return nil
        }
        return size.int64Value
    }

    init(totalBytes: Int64?, columns: Int?) {
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
        self.columns = columns
    }

    /// From any thread; draws at once, then whenever the last drawing is a tenth of a second old.
    func update(_ progress: InputProgress) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock(); defer { lock.unlock() }
        guard !finished, !drawn || now >= lastDrawn + Self.interval else { return }
        lastDrawn = now
        var text = Self.text(progress, totalBytes: totalBytes, elapsed: Double(now - started) / 1e9)
        if let columns, text.count >= columns { text = String(text.prefix(max(0, columns - 1))) }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        drawn = true
    }

    /// Erases the line (if one was drawn); later output starts at the left margin.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
        finished = true
    }

    /// `reading 48.2 MB of 515.0 MB (9%), 0:00:31 of media, 96.1 MB/s, 62x real time`
    static func text(_ progress: InputProgress, totalBytes: Int64?, elapsed: Double) -> String {
        var parts = ["reading " + megabytes(progress.bytesRead)
                     + (totalBytes.map { total in " of \(megabytes(total)) (\(min(100, progress.bytesRead * 100 / total))%)" } ?? "")]
        if let media = progress.mediaSeconds { parts.append(clock(media) + " of media") }
        if elapsed > 0.05 {
            parts.append(String(format: "%.1f MB/s", Double(progress.bytesRead) / 1e6 / elapsed))
            if let media = progress.mediaSeconds { parts.append(String(format: "%.0fx real time", media / elapsed)) }
        }
        return parts.joined(separator: ", ")
    }

    private static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds)
        return String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
    }
}
