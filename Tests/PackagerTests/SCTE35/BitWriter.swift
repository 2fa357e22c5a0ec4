/// Test-side writer of MSB-first bit fields, used to build sections the fixtures lack.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func put(_ value: UInt64, bits: Int) {
        for index in stride(from: bits - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> UInt64(index)) & 1 == 1 {
                bytes[bytes.count - 1] |= UInt8(0x80 >> (bitCount % 8))
            }
            bitCount += 1
        }
    }

    mutating func flag(_ value: Bool) { put(value ? 1 : 0, bits: 1) }
    /// Reserved bits are all ones in SCTE 35.
    mutating func reserved(_ bits: Int) { put((1 << UInt64(bits)) - 1, bits: bits) }
    mutating func append(_ more: [UInt8]) {
        precondition(bitCount % 8 == 0)
        bytes += more
        bitCount += more.count * 8
    }
}

extension Array where Element == UInt8 {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index ..< next], radix: 16) ?? 0)
            index = next
        }
        self = bytes
    }
}
