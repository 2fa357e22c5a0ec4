import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// fsyncs every file and directory of a staged presentation before it is swapped in
/// (`StagedDirectorySink` with `PublishDurability.power`), so that on a journaled file system
/// (ext4's default, XFS) the tree a power cut leaves under the destination's name is either the
/// old one or the whole new one.
///
/// Why the whole tree and not each file as it is written: a conversion writes a title in well
/// under a second and the kernel writes it back on its own; fsyncing at the end waits once for
/// what is still in flight, where a wait per file would serialise the conversion on the disk.
/// Why at all: a batch trusts a committed `fingerprint.json` to mean "this output is complete"
/// and skips the title next run. Without the fsyncs, ext4's delayed allocation can keep the
/// renamed directory and the fingerprint through a power cut while segments come back empty,
/// and the next run would skip a broken title for good.
struct StagedTreeSync {
    /// The fsync of a descriptor; tests record or fail it as a disk would.
    var fsyncDescriptor: (Int32) -> Int32 = { fsync($0) }

    /// Directories and files whose file system cannot fsync them (EINVAL: some FUSE and network
    /// mounts), for a warning; they are left as the kernel writes them.
    private(set) var unsyncable: [String] = []

    /// Every entry under `root` in name order, each directory after everything in it, `root`
    /// last. A directory that cannot be listed is an error: what it holds would go unsynced.
    mutating func sync(tree root: String) throws {
        try syncTree(root, name: ".")
    }

    /// The directory that holds `path`'s name: after a rename or exchange there.
    mutating func sync(parentOf path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        try sync(parent.isEmpty ? "." : parent, name: (path as NSString).lastPathComponent, directory: true)
    }

    private mutating func syncTree(_ directory: String, name: String) throws {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw FileSinkError.output(path: directory, reason: "cannot list it to fsync what it holds: \((error as NSError).localizedDescription)")
        }
        for entry in entries.sorted() {
            let path = directory + "/" + entry
            let relative = name == "." ? entry : name + "/" + entry
            var status = stat()
            guard lstat(path, &status) == 0 else { throw FileSinkError.system(operation: "stat", path: path, name: relative, errno: errno) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: try syncTree(path, name: relative)
            case S_IFREG: try sync(path, name: relative, directory: false)
            default: break                          // nothing a conversion writes
            }
        }
        try sync(directory, name: name, directory: true)
    }

    private mutating func sync(_ path: String, name: String, directory: Bool) throws {
        switch PathFsync.run(path, directory: directory, fsync: fsyncDescriptor) {
        case .synced: return
        case .unsupported: unsyncable.append(path)
        case .missing: throw FileSinkError.system(operation: "open", path: path, name: name, errno: ENOENT)
        case .failed(let operation, let code): throw FileSinkError.system(operation: operation, path: path, name: name, errno: code)
        }
    }
}
