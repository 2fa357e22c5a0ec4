import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// fsyncs every file and directory of a staged presentation before it is swapped in
/// (`StagedDirectorySink` with `PublishDurability.power`), so that the tree a power cut leaves
/// under the destination's name is either the old one or the whole new one.
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

    /// Every regular file under `root`, then each directory after everything in it, `root` last.
    mutating func sync(tree root: String) throws {
        guard let entries = FileManager.default.enumerator(atPath: root) else {
            throw FileSinkError.output(path: root, reason: "cannot list the staged tree to fsync it")
        }
        var directories: [String] = []
        while let relative = entries.nextObject() as? String {
            let path = root + "/" + relative
            var status = stat()
            guard lstat(path, &status) == 0 else { throw FileSinkError.system(operation: "stat", path: path, name: relative, errno: errno) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: directories.append(path)
            case S_IFREG: try sync(path, name: relative, flags: O_RDONLY)
            default: break
            }
        }
        // Deepest first: a directory's fsync then covers entries whose own directories are done.
        for path in directories.sorted(by: { $0.count > $1.count }) {
            try sync(path, name: String(path.dropFirst(root.count + 1)), flags: O_RDONLY | O_DIRECTORY)
        }
        try sync(root, name: ".", flags: O_RDONLY | O_DIRECTORY)
    }

    /// The directory that holds `path`'s name: after a rename or exchange there.
    mutating func sync(parentOf path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        try sync(parent.isEmpty ? "." : parent, name: (path as NSString).lastPathComponent, flags: O_RDONLY | O_DIRECTORY)
    }

    private mutating func sync(_ path: String, name: String, flags: Int32) throws {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSinkError.system(operation: "open", path: path, name: name, errno: errno) }
        defer { close(descriptor) }
        guard fsyncDescriptor(descriptor) == 0 else {
            let code = errno
            if code == EINVAL { return unsyncable.append(path) }
            throw FileSinkError.system(operation: "fsync", path: path, name: name, errno: code)
        }
    }
}
