/// The PTS of a PES packet header (ISO/IEC 13818-1 §2.4.3.7), when present and wholly
/// inside the given range.
enum PESHeader {
    static func pts(_ p: UnsafeRawBufferPointer, from s: Int, to e: Int) -> UInt64? {
        guard e - s >= 14, p[s] == 0, p[s + 1] == 0, p[s + 2] == 1 else { return nil }
        let flags = p[s + 7]
        guard flags & 0x80 != 0 else { return nil }
        let b = s + 9
        return (UInt64(p[b] >> 1) & 0x07) << 30 | UInt64(p[b + 1]) << 22 | UInt64(p[b + 2] >> 1) << 15
            | UInt64(p[b + 3]) << 7 | UInt64(p[b + 4] >> 1)
    }
}
