/// Hex and ASCII renderings: SCTE-35 UPID text and JSON views, RFC 6381 codec strings, and
/// HLS hexadecimal-sequences all spell bytes through here.
public enum HexText {
    private static let upperDigits = Array("0123456789ABCDEF")

    /// `0x` followed by upper-case hex of every byte (the SCTE/HLS UPID convention); empty for no bytes.
    public static func upper(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        return "0x" + upperDigitsOnly(bytes)
    }

    /// Upper-case hex of every byte, no prefix.
    public static func upperDigitsOnly(_ bytes: [UInt8]) -> String {
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(upperDigits[Int(byte / 16)])
            out.append(upperDigits[Int(byte % 16)])
        }
        return out
    }

    /// Lower-case `0x` hex with at least `digits` digits (threefive's style for ids and tiers).
    public static func prefixed(_ value: UInt64, digits: Int) -> String {
        let hex = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    /// Two upper-case digits of one byte ("0A").
    public static func byte(_ value: UInt8) -> String { upperDigitsOnly([value]) }

    /// Upper-case hex without leading zeros ("6", not "00000006").
    public static func minimal<T: BinaryInteger>(_ value: T) -> String {
        String(value, radix: 16, uppercase: true)
    }

    /// The bytes as text when every one is printable ASCII (0x20–0x7E); nil otherwise.
    public static func printableASCII(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x20 ... 0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Bytes from hex digits (an optional `0x` prefix, upper or lower case); nil on any other character
    /// or an odd number of digits.
    public static func bytes(_ text: String) -> [UInt8]? {
        var digits = Substring(text)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index ..< next], radix: 16) else { return nil }
            out.append(byte)
            index = next
        }
        return out
    }
}
