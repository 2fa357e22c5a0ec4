import Foundation

/// The one file of an output in the single-file layout, grown segment by segment: each append
/// returns the byte range the playlist names. Written straight into the sink's own file when it
/// offers one (a staged tree), else into an unlinked-on-publish temporary file that is put whole
/// once the output is complete (an HTTP origin takes one object, not a growing one).
final class SingleFileOutput {
    /// The published name (relative, e.g. `primary/media.ts`).
    let name: String
    private let path: String
    private let staged: Bool
    private var fd: Int32
    private(set) var length: Int64 = 0

    init(name: String, sink: PublishSink) throws {
        self.name = name
        if let direct = try sink.directPath(for: name) {
            path = direct
            staged = false
        } else {
            path = NSTemporaryDirectory() + "pkgctl-single-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            staged = true
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VodError.output(path: name, reason: "open '\(path)': \(String(cString: strerror(errno)))") }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if staged { unlink(path) }
    }

    /// Appends `data`; returns where it landed.
    func append(_ data: Data) throws -> SegmentByteRange {
        let start = length
        try data.withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw VodError.output(path: name, reason: "write at byte \(length): \(String(cString: strerror(n < 0 ? errno : EIO)))")
                }
                p += n
                left -= n
                length += Int64(n)
            }
        }
        return SegmentByteRange(offset: start, length: length - start)
    }

    /// Replaces the file's first `oldLength` bytes (its init section) by `data`: in place when
    /// as long, else the file is written again beside itself and renamed over it. Returns how
    /// far everything after them moved.
    func replacePrefix(length oldLength: Int64, with data: Data) throws -> Int64 {
        guard fd >= 0, oldLength <= length else { throw VodError.output(path: name, reason: "its init section cannot be rewritten") }
        let shift = Int64(data.count) - oldLength
        if shift == 0 {
            let written = data.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            guard written == data.count else { throw failure("rewrite its init section") }
            return 0
        }
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw failure("reopen '\(path)'") }
        defer { close(source) }
        let rebuilt = path + ".rebuild"
        let out = open(rebuilt, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard out >= 0 else { throw failure("open '\(rebuilt)'") }
        var done = false
        defer { if !done { close(out); unlink(rebuilt) } }
        let oldFD = fd
        let oldLengthTotal = length
        fd = out
        length = 0
        do {
            _ = try append(data)
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var offset = oldLength
            while offset < oldLengthTotal {
                let n = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, min($0.count, Int(oldLengthTotal - offset)), off_t(offset)) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw failure("read back at byte \(offset)") }
                _ = try append(Data(buffer[0..<n]))
                offset += Int64(n)
            }
            guard rename(rebuilt, path) == 0 else { throw failure("rename over '\(path)'") }
        } catch {
            fd = oldFD
            length = oldLengthTotal
            throw error
        }
        done = true
        close(oldFD)
        return shift
    }

    private func failure(_ what: String) -> VodError {
        VodError.output(path: name, reason: "\(what): \(String(cString: strerror(errno == 0 ? EIO : errno)))")
    }

    /// Closes the file; a temporary one is handed to the sink as one object (mapped, not read).
    func finish(into sink: PublishSink) throws {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        guard staged else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        unlink(path)
        try sink.put(data, name: name, kind: .segment)
    }
}
