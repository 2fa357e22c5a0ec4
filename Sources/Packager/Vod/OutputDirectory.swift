import Foundation

/// Builds a presentation in a temporary directory beside the destination and swaps it in at the
/// end, so an existing output is never left half-written: readers see the old tree or the new.
final class OutputDirectory {
    let destination: URL
    let staging: URL
    private var committed = false

    init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw VodError.output(path: destination.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Moves the finished tree into place: the old tree (if any) is renamed aside first, then
    /// removed once the new one is in place.
    func commit() throws {
        let fm = FileManager.default
        var old: URL?
        if fm.fileExists(atPath: destination.path) {
            let aside = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).old-\(getpid())")
            guard rename(destination.path, aside.path) == 0 else {
                throw VodError.output(path: destination.path, reason: String(cString: strerror(errno)))
            }
            old = aside
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let old { _ = rename(old.path, destination.path) }
            throw VodError.output(path: destination.path, reason: reason)
        }
        committed = true
        if let old { try? fm.removeItem(at: old) }
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: staging) }
    }
}
