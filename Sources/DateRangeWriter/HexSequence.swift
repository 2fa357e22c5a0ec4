/// An HLS hexadecimal-sequence: `0x` then uppercase hex digits. Built from bytes (always
/// uppercase) or from text, which is checked: lowercase digits are a typed error because
/// the attribute grammar only allows `A-F`.
public struct HexSequence: Hashable, Codable, Sendable {
    /// Canonical text, `0x` prefix included.
    public let text: String

    public init(bytes: [UInt8]) {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "0"), UInt8(ascii: "x")]
        out.reserveCapacity(2 + bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        text = String(decoding: out, as: UTF8.self)
    }

    /// Accepts `0x`/`0X` followed by at least one of `[0-9A-F]`; renders with `0x`.
    public init(_ text: String) throws {
        let utf8 = Array(text.utf8)
        guard utf8.count > 2, utf8[0] == UInt8(ascii: "0"),
              utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "X") else {
            throw DateRangeError.invalidHex(text)
        }
        var sawLowercase = false
        for c in utf8.dropFirst(2) {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "f"): sawLowercase = true
            default: throw DateRangeError.invalidHex(text)
            }
        }
        if sawLowercase { throw DateRangeError.lowercaseHex(text) }
        self.text = "0x" + String(decoding: utf8.dropFirst(2), as: UTF8.self)
    }

    public init(from decoder: Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
