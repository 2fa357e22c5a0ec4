import Foundation

/// A growable byte buffer that keeps its memory from one use to the next: a segment's fragment
/// is built in it without an allocation per sample, and `removeAll` keeps the capacity for the
/// next segment.
final class ByteBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64 * 1024) {
        self.capacity = max(capacity, 64)
        guard let memory = malloc(self.capacity) else { fatalError("out of memory (\(self.capacity) bytes)") }
        base = memory
    }

    deinit { free(base) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func removeAll() { count = 0 }

    /// Room for `extra` more bytes, growing by doubling. realloc: a large buffer is a mapping
    /// of its own that the kernel extends in place (mremap), so growing touches only new pages.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        guard let moved = realloc(base, grown) else { fatalError("out of memory (\(grown) bytes)") }
        base = moved
        capacity = grown
    }

    func append(_ source: UnsafeRawPointer, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).copyMemory(from: source, byteCount: n)
        count += n
    }

    func append(_ source: UnsafeRawBufferPointer) {
        if let start = source.baseAddress { append(start, count: source.count) }
    }

    /// Moves the bytes from `from` to the end so that they start at `to`; the buffer grows or
    /// shrinks by the difference.
    func moveTail(from: Int, to: Int) {
        let n = count - from
        if to > from { reserve(to - from) }
        if n > 0 { memmove(base + to, base + from, n) }
        count = to + n
    }

    /// Drops the bytes from `length` on.
    func truncate(to length: Int) { count = min(count, max(length, 0)) }

    /// Overwrites four bytes at `offset` (inside the buffer) with `value`, big-endian.
    func storeUInt32(_ value: UInt32, at offset: Int) {
        base.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }

    func appendUInt8(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    func appendUInt16(_ value: UInt16) {
        appendUInt8(UInt8(truncatingIfNeeded: value >> 8))
        appendUInt8(UInt8(truncatingIfNeeded: value))
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    func appendZeros(_ n: Int) {
        reserve(n)
        (base + count).initializeMemory(as: UInt8.self, repeating: 0, count: n)
        count += n
    }

    func appendUInt24(_ value: UInt32) {
        appendUInt8(UInt8(truncatingIfNeeded: value >> 16))
        appendUInt8(UInt8(truncatingIfNeeded: value >> 8))
        appendUInt8(UInt8(truncatingIfNeeded: value))
    }

    func appendUInt32(_ value: UInt32) {
        reserve(4)
        base.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    func appendUInt64(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    func appendType(_ type: StaticString) {
        type.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// A box's size and type; returns where the size goes, for `endBox`.
    func beginBox(_ type: StaticString) -> Int {
        let start = count
        appendUInt32(0)
        appendType(type)
        return start
    }

    func endBox(_ start: Int) { storeUInt32(UInt32(count - start), at: start) }
}
