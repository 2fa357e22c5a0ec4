/// Reads big-endian bit fields (MSB first) from a byte array, as MPEG/SCTE tables are laid out.
///
/// A reader can be narrowed to a sub-range (`take(bytes:field:)`) so that a structure with a
/// declared length (a splice command, a descriptor) can never read into its neighbour; offsets
/// in errors stay absolute to the original buffer.
public struct BitReader: Sendable {
    private let buffer: [UInt8]
    /// Current position and exclusive end, in bits from the start of `bytes`.
    private var bitPosition: Int
    private let endBit: Int

    public init(_ bytes: [UInt8]) {
        self.buffer = bytes
        self.bitPosition = 0
        self.endBit = bytes.count * 8
    }

    private init(bytes: [UInt8], bitPosition: Int, endBit: Int) {
        self.buffer = bytes
        self.bitPosition = bitPosition
        self.endBit = endBit
    }

    /// Byte offset of the next bit to read (rounded down), from the start of the buffer.
    public var byteOffset: Int { bitPosition / 8 }
    public var remainingBits: Int { endBit - bitPosition }
    public var remainingBytes: Int { remainingBits / 8 }
    public var isAtEnd: Bool { bitPosition >= endBit }

    /// Reads `count` (0...64) bits as an unsigned integer.
    public mutating func bits(_ count: Int, _ field: String) throws -> UInt64 {
        precondition((0...64).contains(count), "bit count is chosen by the decoder, not the input")
        try require(count, field)
        var value: UInt64 = 0
        var left = count
        while left > 0 {
            let byte = buffer[bitPosition / 8]
            let bitInByte = bitPosition % 8
            let take = min(8 - bitInByte, left)
            let shifted = UInt64(byte >> UInt8(8 - bitInByte - take)) & ((1 << UInt64(take)) - 1)
            value = (value << UInt64(take)) | shifted
            bitPosition += take
            left -= take
        }
        return value
    }

    public mutating func flag(_ field: String) throws -> Bool { try bits(1, field) == 1 }
    public mutating func uint8(_ field: String) throws -> UInt8 { UInt8(try bits(8, field)) }
    public mutating func uint16(_ field: String) throws -> UInt16 { UInt16(try bits(16, field)) }
    public mutating func uint32(_ field: String) throws -> UInt32 { UInt32(try bits(32, field)) }

    public mutating func skip(bits count: Int, _ field: String) throws {
        try require(count, field)
        bitPosition += count
    }

    /// Reads `count` whole bytes; the reader must be byte-aligned.
    public mutating func bytes(_ count: Int, _ field: String) throws -> [UInt8] {
        precondition(bitPosition % 8 == 0, "byte reads happen only at byte boundaries of the syntax")
        try require(count * 8, field)
        let start = bitPosition / 8
        bitPosition += count * 8
        return Array(buffer[start ..< start + count])
    }

    /// All bytes left in this reader's range.
    public mutating func remainingByteArray(_ field: String) throws -> [UInt8] {
        try bytes(remainingBytes, field)
    }

    /// A reader over the next `count` bytes; this reader moves past them.
    public mutating func take(bytes count: Int, _ field: String) throws -> BitReader {
        try require(count * 8, field)
        let sub = BitReader(bytes: buffer, bitPosition: bitPosition, endBit: bitPosition + count * 8)
        bitPosition += count * 8
        return sub
    }

    private func require(_ count: Int, _ field: String) throws {
        guard count >= 0, count <= remainingBits else {
            throw BitReaderError(field: field, byteOffset: byteOffset, neededBits: count, availableBits: remainingBits)
        }
    }
}

/// Reading `field` needed more bits than the buffer (or the enclosing structure) holds.
public struct BitReaderError: Error, Equatable, CustomStringConvertible {
    public var field: String
    public var byteOffset: Int
    public var neededBits: Int
    public var availableBits: Int

    public init(field: String, byteOffset: Int, neededBits: Int, availableBits: Int) {
        self.field = field
        self.byteOffset = byteOffset
        self.neededBits = neededBits
        self.availableBits = availableBits
    }

    public var description: String {
        "\(field) at byte \(byteOffset) needs \(neededBits) bits but only \(availableBits) remain"
    }
}
