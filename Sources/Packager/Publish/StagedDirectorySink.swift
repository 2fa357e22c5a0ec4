import CFFmpeg
import Foundation

/// Builds a presentation in a staging directory beside its destination and swaps it in at
/// `commit`, so readers see the old tree or the new one, never a half-written one, and there is
/// no moment where the destination is missing: an existing tree is exchanged with the staged
/// one in a single `renameat2(RENAME_EXCHANGE)`, then the old tree (now at the staging path) is
/// removed. Files are written plainly (no fsync each): a crash of pkgctl leaves only the
/// staging directory. With `PublishDurability.power` the whole staged tree is fsynced before the
/// swap, and the destination's directory after it but before the old tree is removed
/// (`StagedTreeSync`), so on a journaled file system a power cut does too.
public final class StagedDirectorySink: PublishSink {
    public let destination: URL
    public let staging: URL
    public let durability: PublishDurability
    /// The tree's fsyncs (with `power`); tests record or fail them.
    var treeSync = StagedTreeSync()
    private var committed = false
    private var createdDirectories: Set<String> = []
    /// Directories made for the destination's parent, outermost first: their entries in their
    /// own parents are fsynced at the commit too (with `power`).
    private let createdAncestors: [String]
    private var counters = PublishStats()

    /// Paths the file system could not fsync at the commit (EINVAL), for a warning: where they
    /// are now, under the destination once the tree is swapped in.
    public var unsyncablePaths: [String] {
        treeSync.unsyncable.map { path in
            guard committed, path == staging.path || path.hasPrefix(staging.path + "/") else { return path }
            return destination.path + path.dropFirst(staging.path.count)
        }
    }

    public init(destination: URL, durability: PublishDurability = .process) throws {
        self.destination = destination.standardizedFileURL
        self.durability = durability
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(
            ".\(self.destination.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        var missing: [String] = []
        var ancestor = parent.path
        while !ancestor.isEmpty, ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
            missing.insert(ancestor, at: 0)
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        createdAncestors = missing
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw FileSinkError.output(path: destination.path, reason: (error as NSError).localizedDescription)
        }
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: staging) }
    }

    public var stats: PublishStats { counters }

    public func put(_ data: Data, name: String, kind: PublishedKind) throws {
        let path = try prepare(name)
        do {
            try PlainFileWriter.write(data, to: path)
        } catch {
            counters.failures += 1
            throw FileSinkError.output(path: path, reason: (error as NSError).localizedDescription)
        }
        counters.puts += 1
        counters.bytes += Int64(data.count)
    }

    public func directPath(for name: String) throws -> String? { try prepare(name) }

    public func delete(name: String) throws {
        let path = staging.path + "/" + (try PublishName(name)).path
        if unlink(path) != 0, errno != ENOENT {
            throw FileSinkError.system(operation: "unlink", path: path, name: name, errno: errno)
        }
        counters.deletes += 1
    }

    public func flush(timeout: Double) throws {}

    public func commit() throws {
        guard !committed else { return }
        if durability.syncsFiles { try treeSync.sync(tree: staging.path) }
        let replacing = FileManager.default.fileExists(atPath: destination.path)
        if replacing {
            guard pkgctl_exchange_paths(staging.path, destination.path) == 0 else {
                throw FileSinkError.output(path: destination.path,
                                           reason: "cannot swap in the new tree: \(String(cString: strerror(errno)))")
            }
        } else {
            guard rename(staging.path, destination.path) == 0 else {
                throw FileSinkError.output(path: destination.path, reason: String(cString: strerror(errno)))
            }
        }
        committed = true
        // The swap is an entry of the destination's directory, fsynced while the old tree is
        // still whole at the staging path: on a file system that does not order metadata, the
        // old tree's removal could otherwise reach the disk before the swap and leave DIR as a
        // gutted old tree after a power cut.
        let synced = Result { if durability.syncsFiles { try syncEntries() } }
        if replacing { try? FileManager.default.removeItem(at: staging) }     // the old tree
        do { try synced.get() } catch {
            throw FileSinkError.output(path: destination.path, reason: "the new tree is in place, but the fsync of its directory "
                                       + "failed (\(error)): a power cut may still bring back the previous one")
        }
    }

    /// The destination's entry in its directory, and those of the directories made for it.
    private func syncEntries() throws {
        try treeSync.sync(parentOf: destination.path)
        for directory in createdAncestors.reversed() { try treeSync.sync(parentOf: directory) }
    }

    public var canDiscardUncommitted: Bool { !committed }

    /// Empties the staging directory (nothing of it was visible).
    public func discardUncommitted() throws -> Bool {
        guard !committed else { return false }
        let fm = FileManager.default
        do {
            for entry in try fm.contentsOfDirectory(atPath: staging.path) {
                try fm.removeItem(atPath: staging.path + "/" + entry)
            }
        } catch {
            throw FileSinkError.output(path: staging.path, reason: (error as NSError).localizedDescription)
        }
        createdDirectories.removeAll()
        counters = PublishStats()
        return true
    }

    /// The staging path of `name`, its directories made.
    private func prepare(_ name: String) throws -> String {
        let valid: PublishName
        do { valid = try PublishName(name) } catch let error as PublishNameError { throw FileSinkError.invalidName(error) }
        let path = staging.path + "/" + valid.path
        let directory = (path as NSString).deletingLastPathComponent
        if !createdDirectories.contains(directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FileSinkError.output(path: directory, reason: (error as NSError).localizedDescription)
            }
            createdDirectories.insert(directory)
        }
        return path
    }
}
