import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Publishes into a directory so that readers (a web server, a player on the same disk)
/// only ever see complete files: each put goes to a temp file in the target's directory,
/// is fsynced (with `PublishDurability.power`), and is renamed over the target, which POSIX
/// makes atomic.
///
/// Writes happen on the caller's thread; the caller's order is the publish order.
public final class AtomicFileSink: PublishSink, @unchecked Sendable {
    public let root: URL
    public let durability: PublishDurability
    private let lock = NSLock()
    private var counters = PublishStats()
    private var tempSequence: UInt64 = 0
    /// Directories whose entries changed (a file renamed in or out, a directory made) since their
    /// last fsync, each with the name of the first file published through the change (for the
    /// message if the fsync fails).
    private var unsynced: [String: String] = [:]
    /// Files made ahead (`prepare()`) in the directories spools are made in, for the next spools
    /// and temp files there, and what those directories' published files keep open.
    private let ahead = FilesMadeAhead()

    public init(root: URL, durability: PublishDurability = .power) {
        self.root = root.standardizedFileURL
        self.durability = durability
    }

    deinit { ahead.removeAll() }

    /// Makes the files the next spools and playlists of each rendition's directory will be
    /// written into, and closes the files that were replaced: both off the path from a segment
    /// to its playlist, which made and renamed over them. A file made in a directory took 0.05–0.6
    /// ms there; a rename over a file nothing held open freed it in the rename, 0.20–0.30 ms
    /// against 0.02 with it held open (strace and a Python model, this project's ext4 machine,
    /// 2026-12-07).
    public func prepare() {
        ahead.closeReplaced()
        for (folder, missing) in ahead.missingSpares {
            for _ in 0..<missing {
                guard let spare = openSpare(in: folder) else { break }
                ahead.addSpare(spare, in: folder)
            }
        }
    }

    public var stats: PublishStats {
        lock.lock(); defer { lock.unlock() }
        return counters
    }

    public func put(_ data: Data, name: String, kind: PublishedKind) throws {
        try counted(bytes: data.count) {
            let valid = try validated(name)
            try inDirectory(of: valid) { try writeAtomically(data, into: $0, name: valid, kind: kind) }
        }
    }

    /// A spool lives in the directory its segment will be published in, so the rename that
    /// publishes it changes one directory, and one fsync of that directory keeps both the
    /// segment's name and the spool's name gone. (Spools in the root cost a second directory
    /// fsync per segment, 0.25–0.4 ms on this project's machine, before each state save.)
    public func makeSpool(directory: String) -> SegmentSpool? {
        let prefix = "\(SegmentSpool.namePrefix)\(getpid())-"
        guard let place = try? PublishName(directory.isEmpty ? prefix : directory + "/" + prefix) else { return nil }
        let folder = fullPath(Array(place.components.dropLast()))
        ahead.wantSpares(in: folder)
        if let spare = ahead.takeSpare(in: folder) ?? openSpare(in: folder) { return spool(spare) }
        // The first segment of a rendition comes before its directory exists.
        guard errno == ENOENT || errno == ENOTDIR, (try? ensureDirectory(for: place)) != nil else { return nil }
        return openSpare(in: folder).map(spool)
    }

    private func spool(_ file: FilesMadeAhead.File) -> SegmentSpool {
        SegmentSpool(path: file.path, descriptor: file.descriptor, syncEvery: durability.syncsFiles ? 512 * 1024 : nil)
    }

    /// A new hidden file in `folder`, named as a spool so a restart removes it if it is left.
    private func openSpare(in folder: String) -> FilesMadeAhead.File? {
        let path = "\(folder)/\(SegmentSpool.namePrefix)\(getpid())-\(nextTempSequence())"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? .init(path: path, descriptor: descriptor) : nil
    }

    public func putSpooled(_ spool: SegmentSpool, name: String, kind: PublishedKind) throws {
        defer { spool.discard() }
        try counted(bytes: spool.size) {
            let valid = try validated(name)
            if let failure = spool.failure {
                throw FileSinkError.system(operation: "\(failure.operation) (at byte \(failure.offset))", path: spool.path, name: valid.path,
                                           errno: failure.errno)
            }
            // fdatasync, not fsync: the size is kept either way, and the spool's times do not
            // matter; none at all when its last write was followed by its own fdatasync (that
            // second sync cost 0.27 ms a segment, strace).
            if durability.syncsFiles, let code = spool.syncWrites() {
                throw FileSinkError.system(operation: "fdatasync", path: spool.path, name: valid.path, errno: code)
            }
            try closeSynced(spool.takeDescriptor(), path: spool.path, name: valid, synced: true)
            try inDirectory(of: valid) { directory in
                let target = directory + "/" + valid.fileName
                guard rename(spool.path, target) == 0 else {
                    throw FileSinkError.system(operation: "rename", path: target, name: valid.path, errno: errno)
                }
                entryChanged(in: directory, name: valid.path)
                // The spool's directory lost its name, which the spool's own fsync may have made
                // durable there: left to write-back, a power cut could keep both names on an inode
                // counted once, and the next start's removal of stale spools would free the segment.
                // (Nearly always the same directory: `makeSpool(directory:)`.)
                let spoolDirectory = String(spool.path[..<(spool.path.lastIndex(of: "/") ?? spool.path.startIndex)])
                if spoolDirectory != directory { entryChanged(in: spoolDirectory, name: valid.path) }
            }
            spool.markPublished()
        }
    }

    /// Runs one publish, counting it as a put of `bytes` or as a failure.
    private func counted(bytes: Int, _ publish: () throws -> Void) throws {
        let started = DispatchTime.now().uptimeNanoseconds
        do { try publish() } catch {
            record { $0.failures += 1 }
            throw error
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        record {
            $0.puts += 1
            $0.bytes += Int64(bytes)
            $0.lastPublishLatency = seconds
        }
    }

    public func delete(name: String) throws {
        let valid: PublishName
        do { valid = try validated(name) } catch {
            record { $0.failures += 1 }
            throw error
        }
        let path = fullPath(valid.components)
        ahead.replaced(path)
        if unlink(path) != 0 && errno != ENOENT {
            let code = errno
            record { $0.failures += 1 }
            throw FileSinkError.system(operation: "unlink", path: path, name: name, errno: code)
        }
        record { $0.deletes += 1 }
        // A removal is an entry changed too: unsynced, a power cut may bring the file back
        // after a state save that no longer lists it for deletion, and nothing would ever
        // delete it again.
        let directory = fullPath(Array(valid.components.dropLast()))
        entryChanged(in: directory, name: valid.path)
        // An asset's directory (assets/<id>/) goes with its last file; rmdir refuses while
        // anything is left, so this is only ever the last one.
        if valid.components.count >= 3, rmdir(directory) == 0 {
            entryChanged(in: fullPath(Array(valid.components.dropLast(2))), name: valid.path)
        }
    }

    /// fsyncs each directory whose entries changed since the last call (with `power`): a file's
    /// own fsync keeps its bytes, but its name lives in the directory, and without the
    /// directory's fsync a power cut may leave the old name (POSIX; ext4 without a journal, as on
    /// this project's test machine, does). One call per state save, just before it, so a saved
    /// state never lists a segment the disk may not have under its name.
    @discardableResult
    public func syncPublished() throws -> [String] {
        lock.lock()
        let pending = unsynced.sorted { $0.key < $1.key }
        unsynced = [:]
        lock.unlock()
        var unsyncable: [String] = []
        for (index, (directory, name)) in pending.enumerated() {
            do {
                if try !syncDirectory(directory, name: name) { unsyncable.append(directory) }
            } catch {
                // This directory and the ones after it wait for the next call.
                lock.lock()
                for (directory, name) in pending[index...] where unsynced[directory] == nil { unsynced[directory] = name }
                lock.unlock()
                throw error
            }
        }
        return unsyncable
    }

    /// The fsync of a directory's descriptor; tests make it fail as a disk would.
    var fsyncDirectory: (Int32) -> Int32 = { fsync($0) }

    /// Directories waiting for `syncPublished`, for tests.
    var directoriesToSync: [String] {
        lock.lock(); defer { lock.unlock() }
        return unsynced.keys.sorted()
    }

    private func entryChanged(in directory: String, name: String) {
        guard durability.syncsFiles else { return }
        lock.lock(); defer { lock.unlock() }
        if unsynced[directory] == nil { unsynced[directory] = name }
    }

    /// False when the file system cannot fsync a directory (the caller warns). A directory
    /// removed since (an asset's, with its last file) needs nothing: its names went too.
    private func syncDirectory(_ directory: String, name: String) throws -> Bool {
        switch PathFsync.run(directory, directory: true, fsync: fsyncDirectory) {
        case .synced, .missing: return true
        case .unsupported: return false
        case .failed(_, let code):
            record { $0.failures += 1 }
            throw FileSinkError.unsynced(directory: directory, name: name, errno: code)
        }
    }

    /// Writes are synchronous, so there is never anything left to wait for; the files made ahead
    /// are removed and the published ones closed (a channel flushes as it stops).
    public func flush(timeout: Double) throws { ahead.removeAll() }

    /// Spares waiting and descriptors held open, for tests.
    var filesAhead: (spares: Int, held: Int) { (ahead.spareCount, ahead.heldCount) }

    /// The file a name is published at.
    public func url(for name: String) throws -> URL {
        URL(fileURLWithPath: fullPath(try validated(name).components))
    }

    private func validated(_ name: String) throws -> PublishName {
        do { return try PublishName(name) } catch let error as PublishNameError {
            throw FileSinkError.invalidName(error)
        }
    }

    private func fullPath(_ components: [String]) -> String {
        ([root.path] + components).joined(separator: "/")
    }

    /// Runs `write` with the directory `name` goes in, creating the directory only when `write`
    /// fails for want of it (ENOENT, ENOTDIR) and then trying once more: the directories are
    /// nearly always there, and checking each before every put was a mkdir and a stat apiece.
    private func inDirectory(of name: PublishName, _ write: (String) throws -> Void) throws {
        let directory = fullPath(Array(name.components.dropLast()))
        do { try write(directory) } catch let error as FileSinkError {
            guard case .system(_, _, _, let code) = error, code == ENOENT || code == ENOTDIR else { throw error }
            try ensureDirectory(for: name)
            try write(directory)
        }
    }

    /// mkdir -p done by hand so a failure carries the errno of the component that failed.
    private func ensureDirectory(for name: PublishName) throws {
        var path = root.path
        try makeDirectory(path, name: name.path)
        for component in name.components.dropLast() {
            path += "/" + component
            try makeDirectory(path, name: name.path)
        }
    }

    private func makeDirectory(_ path: String, name: String) throws {
        if mkdir(path, 0o755) == 0 {
            // A new directory is an entry in its parent, which the files put in it rely on too.
            if let slash = path.lastIndex(of: "/"), slash > path.startIndex { entryChanged(in: String(path[..<slash]), name: name) }
            return
        }
        let code = errno
        guard code == EEXIST else {
            throw FileSinkError.system(operation: "mkdir", path: path, name: name, errno: code)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FileSinkError.system(operation: "stat", path: path, name: name, errno: errno)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileSinkError.system(operation: "mkdir", path: path, name: name, errno: ENOTDIR)
        }
    }

    private func writeAtomically(_ data: Data, into directory: String, name: PublishName, kind: PublishedKind) throws {
        let target = directory + "/" + name.fileName
        let (temp, descriptor) = try ahead.takeSpare(in: directory).map { ($0.path, $0.descriptor) }
            ?? createTempFile(in: directory, name: name)
        // A rendition's playlist stays open until the next version replaces it (`prepare()` closes
        // it then): one descriptor a playlist. Only once fsynced: a write-back error would
        // otherwise show only at that close.
        let keepsOpen = durability.syncsFiles && kind == .playlist && ahead.wantsSpares(in: directory)
        do {
            do {
                allocate(data.count, descriptor)
                try writeAll(data, to: descriptor, path: temp, name: name.path)
            } catch {
                _ = close(descriptor)
                throw error
            }
            try closeSynced(descriptor, path: temp, name: name, keepOpen: keepsOpen)
        } catch {
            unlink(temp)
            throw error
        }
        guard rename(temp, target) == 0 else {
            let code = errno
            if keepsOpen { _ = close(descriptor) }
            unlink(temp)
            throw FileSinkError.system(operation: "rename", path: target, name: name.path, errno: code)
        }
        if keepsOpen { ahead.published(target, descriptor: descriptor) } else { ahead.replaced(target) }
        entryChanged(in: directory, name: name.path)
    }

    /// Allocates the temp file's blocks before it is written. ext4 renaming a file over another
    /// starts write-back of the new one if its blocks are still delayed-allocation
    /// (`auto_da_alloc`), and behind a segment's write-back that rename stalled for up to 0.47 s
    /// (strace, 2026-12-02): half a second before a playlist could be replaced. Allocated
    /// blocks skip that; where the file system cannot allocate, nothing changes.
    private func allocate(_ count: Int, _ descriptor: Int32) {
        guard count > 0, let fallocate = LinuxFileCalls.fallocate else { return }
        _ = fallocate(descriptor, 0, 0, off_t(count))
    }

    /// fsync (with `power`, unless the caller has `synced` the file) and close (unless told to
    /// `keepOpen` it): errors of either are where a full disk or a failed write-back shows. A
    /// failed fsync closes the descriptor either way.
    private func closeSynced(_ descriptor: Int32, path: String, name: PublishName, synced: Bool = false,
                             keepOpen: Bool = false) throws {
        if durability.syncsFiles, !synced, fsync(descriptor) != 0 {
            let code = errno
            _ = close(descriptor)
            throw FileSinkError.system(operation: "fsync", path: path, name: name.path, errno: code)
        }
        guard keepOpen || close(descriptor) == 0 else {
            throw FileSinkError.system(operation: "close", path: path, name: name.path, errno: errno)
        }
    }

    /// Temp names start with a dot so directory listings and globbing web servers skip them,
    /// and carry the pid plus a counter so concurrent writers never share one.
    private func createTempFile(in directory: String, name: PublishName) throws -> (String, Int32) {
        while true {
            let sequence = nextTempSequence()
            let temp = "\(directory)/.\(name.fileName).tmp-\(getpid())-\(sequence)"
            let descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (temp, descriptor) }
            let code = errno
            // Another sink instance in this process may have produced the same name.
            if code == EEXIST { continue }
            throw FileSinkError.system(operation: "open", path: temp, name: name.path, errno: code)
        }
    }

    private func writeAll(_ data: Data, to descriptor: Int32, path: String, name: String) throws {
        if let code = PlainFileWriter.writeAll(data, to: descriptor) {
            throw FileSinkError.system(operation: "write", path: path, name: name, errno: code)
        }
    }

    private func nextTempSequence() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        tempSequence += 1
        return tempSequence
    }

    private func record(_ change: (inout PublishStats) -> Void) {
        lock.lock(); defer { lock.unlock() }
        change(&counters)
    }
}
