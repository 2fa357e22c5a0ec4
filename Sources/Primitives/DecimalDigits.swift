/// The decimal digits of a non-negative integer, zero-padded to a width, appended to a byte
/// buffer without an intermediate String: playlist writers format a PDT and an EXTINF per
/// segment on every live version.
public enum DecimalDigits {
    public static func append(_ value: Int64, width: Int = 1, to bytes: inout [UInt8]) {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        for _ in count ..< max(width, count) { bytes.append(UInt8(ascii: "0")) }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var v = value
        for i in stride(from: start + count - 1, through: start, by: -1) {
            bytes[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        }
    }
}
