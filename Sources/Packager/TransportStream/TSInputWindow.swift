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

    /// 2 MiB windows, each mapped whole at once (`MAP_POPULATE`, in `mapping`): every window
    /// costs an mmap, a munmap and, mapped lazily, a page fault per 64 KiB read. fMP4 overlay on
    /// the bench input, three A/B pairs of 12 alternated runs each (2026-12-05): 512 KiB lazy
    /// 132.1 against 512 KiB populated 129.6 ms; 512 KiB populated 132.7 against 2 MiB populated
    /// 126.6 ms; 1 MiB populated 129.0 against 2 MiB populated 126.5 ms. The peak RSS grows by what
    /// more is mapped behind the cutter: 33.6 → 37.6 MiB (one run each; FFmpeg's hls muxer 61 MiB).
    private static let windowShift: Int64 = 21
    private static let window: Int64 = 1 << windowShift          // 2 MiB
    /// Window index → mapping (nil: not mapped now); a plain array, read once per packet.
    /// Unchecked (like `size`): the runtime's exclusivity checks on these reads were a twentieth of
    /// a `pkgctl vod` run; a window is used from one thread and no access to it overlaps another.
    @exclusivity(unchecked) private var maps: [UnsafeRawPointer?] = []
    @exclusivity(unchecked) private var mapLengths: [Int] = []
    /// Appended input (no file): blocks of at least `blockSize`, each filled up before the next
    /// is allocated, so a stream read in small pieces (1316-byte UDP datagrams) costs one
    /// allocation per block, and reads go straight into a block (`appendReading`).
    private struct Block {
        var start: Int64
        /// The allocation: `capacity + phaseSlack` bytes, page-aligned (a block from `spare` too).
        var storage: UnsafeMutableRawPointer
        /// Where the byte at `start` is: `storage` plus `start` modulo 64 (see `phaseSlack`).
        var base: UnsafeMutableRawPointer
        var capacity: Int
        var used: Int
        var end: Int64 { start + Int64(used) }
    }
    private var chunks: [Block] = []
    /// Released blocks kept for reuse: allocated afresh (1 MiB blocks then), each was mapped by
    /// malloc and its pages faulted in and cleared, and a live channel took 0.211 % of a core
    /// instead of 0.154 % (alternated runs at 30x); reused, 0.140 %. Two spares were too few: more
    /// blocks than that are released between allocations (the fault counts below say so), and
    /// those beyond the spares were freed and allocated again as fresh pages. Sixteen (2 MiB): minor faults 1,800 → 420 a second at 30x, 0.251 →
    /// 0.224 % of a core per channel, 0.4 MiB more anonymous memory (5 alternated 15 s runs
    /// each, 2026-12-03).
    private var spare: [UnsafeMutableRawPointer] = []
    private static let spareBlocks = 16
    private static let blockSize = 1 << 17
    /// Each block's first byte sits at its stream offset modulo 64 past a page-aligned start, so
    /// a file read from its beginning (a live file input: stream offset = file offset) lands at
    /// the same place within a 64-byte line as the page cache holds it. The kernel's copy into
    /// the process is up to 3–5× slower for some other placements, and malloc's 16-byte
    /// alignment put blocks in one: reading the 61 MB bench input in 64 KiB reads into a 3 MiB
    /// ring took 8.4–9.4 ms of CPU with the destination at the file's own place in the line, 30–35
    /// ms with it 1 to 31 bytes past a line start while the file's reads began on one (and 8.6–10.8
    /// ms from 32 to 63 bytes past), best of 5 each (2026-12-07). In a 30× channel's profile that
    /// copy was 15 % of the samples; 5 % after this.
    private static let phaseSlack = 64
    /// The block the last packet came from, as (start, end, base): blocks are dropped from the
    /// front, so an index would move. Unchecked like `maps`.
    @exclusivity(unchecked) private var lastBlock: (start: Int64, end: Int64, base: UnsafeRawPointer)?
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: TSPacketBytes.size, alignment: 8)
    private let fd: Int32
    /// Per file window: the units read from it later, where they lie (`hold(_:)`); releasing
    /// stops at the first window that has any, so it and every later one stay mapped.
    private var holds: [Int32] = []
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
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL)
        name = path
        size = Int64(st.st_size)
        passthroughDescriptor = fd
        let windows = Int((size + Self.window - 1) / Self.window)
        maps = Array(repeating: nil, count: windows)
        mapLengths = Array(repeating: 0, count: windows)
        holds = Array(repeating: 0, count: windows)
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
        for chunk in chunks { chunk.storage.deallocate() }
        for block in spare { block.deallocate() }
        scratch.deallocate()
    }

    /// Appends a copy of `bytes`; returns the copy, valid until it is released.
    @discardableResult
    public func append(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return appendReading(upTo: bytes.count) { room in
            room.baseAddress?.copyMemory(from: source, byteCount: bytes.count)
            return bytes.count
        }
    }

    /// Appends what `read` puts into the window's own storage (at most `limit` bytes; it returns
    /// the count, 0 at the end of input): the bytes are read in place, not copied in. Returns
    /// them, valid until they are released.
    public func appendReading(upTo limit: Int, _ read: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows
        -> UnsafeRawBufferPointer {
        if chunks.last.map({ $0.capacity - $0.used < limit }) ?? true {
            let capacity = max(Self.blockSize, limit)
            let storage = capacity == Self.blockSize && !spare.isEmpty ? spare.removeLast()
                : UnsafeMutableRawPointer.allocate(byteCount: capacity + Self.phaseSlack, alignment: 4096)
            chunks.append(Block(start: size, storage: storage, base: storage + Int(size & Int64(Self.phaseSlack - 1)),
                                capacity: capacity, used: 0))
        }
        let k = chunks.count - 1
        let tail = chunks[k].base + chunks[k].used
        let n = max(0, min(limit, try read(UnsafeMutableRawBufferPointer(start: tail, count: limit))))
        chunks[k].used += n
        size += Int64(n)
        return UnsafeRawBufferPointer(start: tail, count: n)
    }

    /// The bytes of file window `k` (2 MiB, the last one shorter), for feeding the indexer.
    public func fileWindow(_ k: Int64) throws -> UnsafeRawBufferPointer? {
        let start = k * Self.window
        guard fd >= 0, start < size else { return nil }
        let base = try mapping(k)
        return UnsafeRawBufferPointer(start: base, count: Int(min(Self.window, size - start)))
    }

    /// The file offset where window `k` (of `fileWindow(_:)`) starts.
    public func fileWindowStart(_ k: Int64) -> Int64 { k * Self.window }

    /// The 188 bytes at `offset`, valid until the next call or release. Inlined for the common
    /// case (a file, the window of the last call); the rest is `mappedPacket(at:)`.
    @inline(__always)
    public func packet(at offset: Int64) throws -> UnsafeRawPointer {
        if fd >= 0, offset >= 0, offset + Int64(TSPacketBytes.size) <= size,
           Int(offset >> Self.windowShift) == lastWindow, let base = lastBase {
            return base + Int(offset & (Self.window - 1))
        }
        if let b = lastBlock, offset >= b.start, offset + Int64(TSPacketBytes.size) <= b.end {
            return b.base + Int(offset - b.start)
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
        guard fd >= 0 else {
            // Whole packets left in the block `first` is in (none when it was gathered).
            guard let b = lastBlock, offset >= b.start, first == b.base + Int(offset - b.start) else { return (first, 1) }
            return (first, max(1, min(count, Int((b.end - offset) / Int64(TSPacketBytes.size)))))
        }
        let k = offset / Self.window
        let mappedEnd = k * Self.window + Int64(mapLengths[Int(k)])
        let whole = Int((mappedEnd - offset) / Int64(TSPacketBytes.size))
        return (first, max(1, min(count, whole)))
    }

    /// A copy of the appended input from `offset` to its end (what a reader taking over the
    /// stream must see again); empty for a mapped file or bytes already released.
    public func appendedBytes(from offset: Int64) -> [UInt8] {
        var out: [UInt8] = []
        for block in chunks where block.end > offset {
            let from = max(0, Int(offset - block.start))
            out += UnsafeRawBufferPointer(start: block.base + from, count: block.used - from)
        }
        return out
    }

    /// Drops what lies wholly before `offset` (a mapped file: up to the first window held).
    public func release(before offset: Int64) {
        if fd >= 0 {
            var k = releasedWindows
            while k < maps.count, holds[k] == 0, (Int64(k) + 1) * Self.window + Int64(TSPacketBytes.size) <= offset {
                if let p = maps[k] { munmap(UnsafeMutableRawPointer(mutating: p), mapLengths[k]) }
                maps[k] = nil
                if k == lastWindow { lastWindow = -1; lastBase = nil }
                k += 1
            }
            releasedWindows = k
        } else {
            // The block being filled stays: the next read goes into it.
            while chunks.count > 1, let first = chunks.first, first.end <= offset {
                if lastBlock?.start == first.start { lastBlock = nil }
                if first.capacity == Self.blockSize, spare.count < Self.spareBlocks {
                    spare.append(first.storage)
                } else {
                    first.storage.deallocate()
                }
                chunks.removeFirst()
            }
        }
    }

    /// File windows mapped now (what `release(before:)` and holds leave).
    var mappedWindowCount: Int { maps.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Keeps the bytes from `offset` on mapped until `unhold(offset)`, whatever `release(before:)`
    /// is asked; false (nothing held) for appended input, whose chunks are not kept that way.
    public func hold(_ offset: Int64) -> Bool {
        let k = Int(offset >> Self.windowShift)
        guard fd >= 0, offset >= 0, k < holds.count else { return false }
        holds[k] += 1
        return true
    }

    /// Ends a `hold(offset)` that returned true.
    public func unhold(_ offset: Int64) {
        let k = Int(offset >> Self.windowShift)
        guard fd >= 0, offset >= 0, k < holds.count, holds[k] > 0 else { return }
        holds[k] -= 1
    }

    /// Window `k` is mapped with one packet of overlap into the next, so a packet starting in it
    /// is whole in it.
    private func mapping(_ w: Int64) throws -> UnsafeRawPointer {
        let k = Int(w)
        guard k < maps.count else { throw TSEngineError.packetUnavailable(input: name, offset: w * Self.window) }
        if let p = maps[k] { return p }
        let start = w * Self.window
        let length = Int(min(Self.window + Int64(TSPacketBytes.size), size - start))
        // Populated: the window's page-table entries are made in one call, not in a page fault
        // per 64 KiB (the kernel's fault-around) as the cutter first reads each stretch.
        guard let p = mmap(nil, length, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, off_t(start)), p != MAP_FAILED else {
            throw TSEngineError.map(path: name, offset: start, errno: errno)
        }
        // A file not in the page cache: populating waits for this window's reads, so the next
        // window's are started now and run while this one is cut.
        posix_fadvise(fd, off_t(start + Int64(length)), off_t(Self.window), POSIX_FADV_WILLNEED)
        maps[k] = UnsafeRawPointer(p)
        mapLengths[k] = length
        return UnsafeRawPointer(p)
    }

    private func chunkPacket(at offset: Int64) throws -> UnsafeRawPointer {
        var lo = 0, hi = chunks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chunks[mid].end <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < chunks.count, chunks[lo].start <= offset else {
            throw TSEngineError.packetUnavailable(input: name, offset: offset)
        }
        let block = chunks[lo]
        let local = Int(offset - block.start)
        if local + TSPacketBytes.size <= block.used {
            lastBlock = (block.start, block.end, UnsafeRawPointer(block.base))
            return UnsafeRawPointer(block.base + local)
        }
        // A packet split across blocks is gathered into scratch.
        guard let gathered = scratch.baseAddress else { throw TSEngineError.packetUnavailable(input: name, offset: offset) }
        var filled = 0
        var c = lo, at = local
        while filled < TSPacketBytes.size, c < chunks.count {
            let take = min(TSPacketBytes.size - filled, chunks[c].used - at)
            (gathered + filled).copyMemory(from: chunks[c].base + at, byteCount: take)
            filled += take
            c += 1
            at = 0
        }
        guard filled == TSPacketBytes.size else { throw TSEngineError.packetUnavailable(input: name, offset: offset) }
        return UnsafeRawPointer(gathered)
    }
}
