/// Hex and ASCII renderings used by UPID text and the JSON view.
enum HexText {
    private static let upperDigits = Array("0123456789ABCDEF")

    /// `0x` followed by upper-case hex of every byte (the SCTE/HLS UPID convention); empty for no bytes.
    static func upper(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        var out = "0x"
        for byte in bytes {
            out.append(upperDigits[Int(byte / 16)])
            out.append(upperDigits[Int(byte % 16)])
        }
        return out
    }

    static func prefixed(_ value: UInt64, digits: Int) -> String {
        let hex = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    /// The bytes as text when every one is printable ASCII (0x20–0x7E); nil otherwise.
    static func printableASCII(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x20 ... 0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
