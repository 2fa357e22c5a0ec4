import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an `AtomicFileSink` keeps between publishes in the directories it makes spools in (a
/// live channel's renditions): hidden files made ahead for the next spools and temp files there,
/// and a descriptor of each file it published there, held until a newer one replaces it.
///
/// Both move file system work off the path from a segment to its playlist. Making a file took
/// 0.05–0.6 ms in a rendition's directory on this project's machine, and it came twice in that
/// path (the next segment's spool, the playlist's temp file). Renaming over a file freed the old
/// one inside the rename (0.20–0.30 ms against 0.02 when the old file is still open; strace and
/// a Python model, ext4, 2026-12-07); held open, it is freed when `closeReplaced()` closes it.
final class FilesMadeAhead: @unchecked Sendable {
    struct File {
        let path: String
        let descriptor: Int32
    }

    /// One for the next spool, one for the next temp file.
    static let sparesPerDirectory = 2

    private let lock = NSLock()
    private var spares: [String: [File]] = [:]
    private var directories: Set<String> = []
    /// Published path → the descriptor of the file now under it.
    private var held: [String: Int32] = [:]
    private var replacedFiles: [Int32] = []

    /// `folder` gets spares from the next `prepare` on.
    func wantSpares(in folder: String) {
        lock.lock(); defer { lock.unlock() }
        directories.insert(folder)
    }

    func wantsSpares(in folder: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return directories.contains(folder)
    }

    /// How many spares each directory lacks.
    var missingSpares: [(folder: String, count: Int)] {
        lock.lock(); defer { lock.unlock() }
        return directories.sorted().map { ($0, Self.sparesPerDirectory - (spares[$0]?.count ?? 0)) }.filter { $0.1 > 0 }
    }

    func addSpare(_ file: File, in folder: String) {
        lock.lock(); defer { lock.unlock() }
        spares[folder, default: []].append(file)
    }

    func takeSpare(in folder: String) -> File? {
        lock.lock(); defer { lock.unlock() }
        return spares[folder]?.popLast()
    }

    /// `descriptor`'s file is now published at `path`; the one it replaced is closed later.
    func published(_ path: String, descriptor: Int32) {
        lock.lock(); defer { lock.unlock() }
        if let old = held.updateValue(descriptor, forKey: path) { replacedFiles.append(old) }
    }

    /// What is published at `path` was replaced or removed without this sink holding it open.
    func replaced(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        if let old = held.removeValue(forKey: path) { replacedFiles.append(old) }
    }

    /// Closes the descriptors of replaced files (the file system frees them now).
    func closeReplaced() {
        lock.lock()
        let files = replacedFiles
        replacedFiles = []
        lock.unlock()
        for descriptor in files { _ = close(descriptor) }
    }

    /// Removes the spares and closes every descriptor (the sink is done: flushed or gone).
    func removeAll() {
        lock.lock()
        let unused = spares.values.flatMap { $0 }
        let open = Array(held.values) + replacedFiles
        spares = [:]
        held = [:]
        replacedFiles = []
        lock.unlock()
        for file in unused {
            _ = close(file.descriptor)
            unlink(file.path)
        }
        for descriptor in open { _ = close(descriptor) }
    }

    /// Spares waiting, for tests.
    var spareCount: Int {
        lock.lock(); defer { lock.unlock() }
        return spares.values.reduce(0) { $0 + $1.count }
    }

    /// Descriptors held open, for tests.
    var heldCount: Int {
        lock.lock(); defer { lock.unlock() }
        return held.count + replacedFiles.count
    }
}
