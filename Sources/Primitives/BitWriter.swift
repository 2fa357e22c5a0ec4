/// Writes big-endian bit fields (MSB first), the mirror of `BitReader`: SCTE-35 sections and
/// MPEG-TS tables are encoded through it.
public struct BitWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    public init() {}

    /// Whether the next field starts on a byte boundary.
    public var isByteAligned: Bool { bitCount % 8 == 0 }

    /// The low `bits` bits of `value`, most significant first.
    public mutating func put(_ value: UInt64, bits: Int) {
        for index in stride(from: bits - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> UInt64(index)) & 1 == 1 {
                bytes[bytes.count - 1] |= UInt8(0x80 >> (bitCount % 8))
            }
            bitCount += 1
        }
    }

    public mutating func flag(_ value: Bool) { put(value ? 1 : 0, bits: 1) }
    /// Reserved bits are all ones in SCTE 35 and MPEG-2 systems tables.
    public mutating func reserved(_ bits: Int) { put((1 << UInt64(bits)) - 1, bits: bits) }

    /// Whole bytes; the writer must be byte-aligned (the syntax only appends at boundaries).
    public mutating func append(_ more: [UInt8]) {
        precondition(isByteAligned, "byte runs are appended only at byte boundaries of the syntax")
        bytes += more
        bitCount += more.count * 8
    }
}
