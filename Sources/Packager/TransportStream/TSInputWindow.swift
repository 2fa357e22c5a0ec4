import Foundation

/// The input bytes the writer copies packets from, addressed by stream offset: either a file
/// mapped in windows (VOD: the page cache is read in place, no copy into the process), or
/// chunks appended by the caller (pipes, sockets, tests). Windows and chunks are dropped by
/// `release(before:)` once no unit will need them, which bounds the resident memory.
public final class TSInputWindow {
    public let name: String
    /// A file whose offsets are the stream's, for copy_file_range passthrough.
    public let passthroughDescriptor: Int32?
    @exclusivity(unchecked) public private(set) var size: Int64

    /// Small windows keep little more mapped than the cutter holds (2-3 MB behind the read
    /// position on the bench input): with 2 MiB ones the mapped input was 2 MB more of the peak RSS.
    private static let windowShift: Int64 = 19
    private static let window: Int64 = 1 << windowShift          // 512 KiB
    /// Window index → mapping (nil: not mapped now); a plain array, read once per packet.
    /// Unchecked (like `size`): the runtime's exclusivity checks on these reads were a twentieth of
    /// a `pkgctl vod` run; a window is used from one thread and no access to it overlaps another.
    @exclusivity(unchecked) private var maps: [UnsafeRawPointer?] = []
    @exclusivity(unchecked) private var mapLengths: [Int] = []
    private var chunks: [(start: Int64, bytes: UnsafeMutableRawBufferPointer)] = []
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: TSPacketBytes.size, alignment: 8)
    private let fd: Int32
    /// Windows below this were released (a released window is mapped again if asked for).
    private var releasedWindows = 0
    /// The window the last packet came from: the writer reads each packet two or three times
    /// (walk, copy, run), nearly always from the window it read last. Unchecked like `maps`.
    @exclusivity(unchecked) private var lastWindow = -1
    @exclusivity(unchecked) private var lastBase: UnsafeRawPointer?

    /// Maps `path` lazily, window by window.
    public init(mappingFile path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TSEngineError.open(path: path, errno: errno) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { close(fd); throw TSEngineError.open(path: path, errno: errno) }
        self.fd = fd
        name = path
        size = Int64(st.st_size)
        passthroughDescriptor = fd
        let windows = Int((size + Self.window - 1) / Self.window)
        maps = Array(repeating: nil, count: windows)
        mapLengths = Array(repeating: 0, count: windows)
    }

    /// Chunks are appended with `append(_:)`.
    public init(name: String) {
        self.name = name
        fd = -1
        size = 0
        passthroughDescriptor = nil
    }

    deinit {
        for (k, p) in maps.enumerated() {
            if let p { munmap(UnsafeMutableRawPointer(mutating: p), mapLengths[k]) }
        }
        if fd >= 0 { close(fd) }
        for chunk in chunks { chunk.bytes.deallocate() }
        scratch.deallocate()
    }

    public func append(_ bytes: UnsafeRawBufferPointer) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        copy.copyMemory(from: bytes)
        chunks.append((size, copy))
        size += Int64(bytes.count)
    }

    /// The bytes of file window `k` (512 KiB, the last one shorter), for feeding the indexer.
    public func fileWindow(_ k: Int64) throws -> UnsafeRawBufferPointer? {
        let start = k * Self.window
        guard fd >= 0, start < size else { return nil }
        let base = try mapping(k)
        return UnsafeRawBufferPointer(start: base, count: Int(min(Self.window, size - start)))
    }

    /// The 188 bytes at `offset`, valid until the next call or release. Inlined for the common
    /// case (a file, the window of the last call); the rest is `mappedPacket(at:)`.
    @inline(__always)
    public func packet(at offset: Int64) throws -> UnsafeRawPointer {
        if fd >= 0, offset >= 0, offset + Int64(TSPacketBytes.size) <= size,
           Int(offset >> Self.windowShift) == lastWindow, let base = lastBase {
            return base + Int(offset & (Self.window - 1))
        }
        return try mappedPacket(at: offset)
    }

    private func mappedPacket(at offset: Int64) throws -> UnsafeRawPointer {
        guard offset >= 0, offset + Int64(TSPacketBytes.size) <= size else {
            throw TSEngineError.packetUnavailable(input: name, offset: offset)
        }
        if fd >= 0 {
            let k = offset / Self.window
            let base = try mapping(k)
            lastWindow = Int(k)
            lastBase = base
            return base + Int(offset - k * Self.window)
        }
        return try chunkPacket(at: offset)
    }

    /// Up to `count` packets back to back from `offset` (on the 188-byte grid, no resync between
    /// them) that lie in one piece of memory: at least one, fewer where a window or chunk ends.
    /// Valid like `packet(at:)`.
    public func packets(at offset: Int64, upTo count: Int) throws -> (bytes: UnsafeRawPointer, count: Int) {
        let first = try packet(at: offset)
        guard fd >= 0 else { return (first, 1) }
        let k = offset / Self.window
        let mappedEnd = k * Self.window + Int64(mapLengths[Int(k)])
        let whole = Int((mappedEnd - offset) / Int64(TSPacketBytes.size))
        return (first, max(1, min(count, whole)))
    }

    /// Drops what lies wholly before `offset`.
    public func release(before offset: Int64) {
        if fd >= 0 {
            var k = releasedWindows
            while k < maps.count, (Int64(k) + 1) * Self.window + Int64(TSPacketBytes.size) <= offset {
                if let p = maps[k] { munmap(UnsafeMutableRawPointer(mutating: p), mapLengths[k]) }
                maps[k] = nil
                if k == lastWindow { lastWindow = -1; lastBase = nil }
                k += 1
            }
            releasedWindows = k
        } else {
            while let first = chunks.first, first.start + Int64(first.bytes.count) <= offset {
                first.bytes.deallocate()
                chunks.removeFirst()
            }
        }
    }

    /// Window `k` is mapped with one packet of overlap into the next, so a packet starting in it
    /// is whole in it.
    private func mapping(_ w: Int64) throws -> UnsafeRawPointer {
        let k = Int(w)
        guard k < maps.count else { throw TSEngineError.packetUnavailable(input: name, offset: w * Self.window) }
        if let p = maps[k] { return p }
        let start = w * Self.window
        let length = Int(min(Self.window + Int64(TSPacketBytes.size), size - start))
        guard let p = mmap(nil, length, PROT_READ, MAP_SHARED, fd, off_t(start)), p != MAP_FAILED else {
            throw TSEngineError.map(path: name, offset: start, errno: errno)
        }
        madvise(p, length, MADV_SEQUENTIAL)           // advice values are not flags: one call each
        madvise(p, length, MADV_WILLNEED)
        maps[k] = UnsafeRawPointer(p)
        mapLengths[k] = length
        return UnsafeRawPointer(p)
    }

    private func chunkPacket(at offset: Int64) throws -> UnsafeRawPointer {
        var lo = 0, hi = chunks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chunks[mid].start + Int64(chunks[mid].bytes.count) <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < chunks.count, chunks[lo].start <= offset else {
            throw TSEngineError.packetUnavailable(input: name, offset: offset)
        }
        let local = Int(offset - chunks[lo].start)
        if local + TSPacketBytes.size <= chunks[lo].bytes.count, let base = chunks[lo].bytes.baseAddress {
            return UnsafeRawPointer(base + local)
        }
        // A packet split across chunks is gathered into scratch.
        var filled = 0
        var c = lo, at = local
        while filled < TSPacketBytes.size, c < chunks.count {
            let take = min(TSPacketBytes.size - filled, chunks[c].bytes.count - at)
            for j in 0..<take { scratch[filled + j] = chunks[c].bytes[at + j] }
            filled += take
            c += 1
            at = 0
        }
        guard filled == TSPacketBytes.size, let gathered = scratch.baseAddress else {
            throw TSEngineError.packetUnavailable(input: name, offset: offset)
        }
        return UnsafeRawPointer(gathered)
    }
}
