import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// pkgctl's own reader of a live input that is a local file, a named pipe or standard input
/// (`-`, `pipe:`, `pipe:0`, `file:PATH` or a plain path).
///
/// Why not libavformat's file and pipe protocols: opening them loads libavformat, which loads
/// libavcodec and every codec library Debian builds it with (librsvg, rav1e, aom, x265, …). Their
/// relocated data alone was 4.3 MB of a channel's 10 MB of anonymous memory (smaps, 2026-12-04),
/// paid by every one-process-per-channel sidecar, for reads that are plain read(2) calls.
///
/// A read waits for data on a pipe in steps of 100 ms, so a stalled or stopped channel (its
/// `InterruptFlag`) is noticed as libavformat's interrupt callback would notice it.
final class LiveFileInput: LiveByteInput {
    let url: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// A pipe or FIFO: reads may block, so they wait in poll(2) first.
    private let mayBlock: Bool
    private let interrupt: InterruptFlag?
    /// A regular file's size at open (nil: not a regular file).
    let fileSize: Int64?

    /// The local path `url` names, "" for standard input; nil when it names a protocol
    /// libavformat handles (udp://, srt://, tcp:, http://…).
    static func localPath(of url: String) -> String? {
        if url == "-" || url == "pipe:" || url == "pipe:0" { return "" }
        if url.hasPrefix("file:") { return url.contains("://") ? nil : String(url.dropFirst(5)) }
        if url.contains("://") { return nil }
        // `name:rest` is a protocol for libavformat when `name` is one (tcp:, pipe:1…): left to it.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/"),
           url[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return nil }
        return url
    }

    /// Opens `url` when it is a local file, FIFO or standard input; nil when it is not one.
    init?(url: String, interrupt: InterruptFlag?) throws {
        guard let path = Self.localPath(of: url) else { return nil }
        self.url = url
        self.interrupt = interrupt
        if path.isEmpty {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw LiveInputError.open(input: url, errno: errno) }
            descriptor = fd
            ownsDescriptor = true
        }
        var st = stat()
        mayBlock = fstat(descriptor, &st) != 0 || (st.st_mode & S_IFMT) != S_IFREG
        fileSize = !mayBlock && st.st_size > 0 ? Int64(st.st_size) : nil   // /proc and some FUSE files say 0
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            if mayBlock { try waitForData() }
            let n = Glibc.read(descriptor, base, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR || errno == EAGAIN { continue }
            throw LiveInputError.read(input: url, errno: errno)
        }
    }

    private func waitForData() throws {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if interrupt?.isRaised == true { throw LiveInputError.interrupted(input: url) }
            let ready = poll(&entry, 1, 100)
            if ready > 0 { return }                  // data, end of input (POLLHUP) or an error: read() tells
            if ready < 0, errno != EINTR { throw LiveInputError.read(input: url, errno: errno) }
        }
    }
}
