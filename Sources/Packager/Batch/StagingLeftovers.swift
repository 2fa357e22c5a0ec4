import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The staging trees (`.<name>.tmp-<pid>-<n>`, StagedDirectorySink's naming) that workers killed
/// mid-title left beside their outputs. A batch removes those of its own titles once, before it
/// starts — one listing per parent directory, so a catalogue of thousands of titles in one
/// directory is swept in one pass. A tree whose process still runs is kept: one writer per
/// title is the batch's rule (shards are disjoint, JOBS outputs unique), so it is another run's.
enum StagingLeftovers {
    /// Removes the leftovers of `outputs` (directories); returns the paths removed.
    @discardableResult
    static func sweep(_ outputs: [URL]) -> [String] {
        var removed: [String] = []
        for (parent, children) in Dictionary(grouping: outputs, by: { $0.deletingLastPathComponent().path }) {
            let names = Set(children.map(\.lastPathComponent))
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
                guard entry.hasPrefix("."), let marker = entry.range(of: ".tmp-"),
                      names.contains(String(entry[entry.index(after: entry.startIndex)..<marker.lowerBound])),
                      let pid = entry[marker.upperBound...].split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0,
                      !runs(pid) else { continue }
                let path = parent + "/" + entry
                if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
            }
        }
        return removed.sorted()
    }

    /// Whether `pid` still runs code: a zombie (dead, its parent killed before reaping it) does not.
    private static func runs(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
