/// Reads back one line of pkgctl's own structured log — a flat JSON object of strings, numbers,
/// booleans and nulls — keeping the key order, so a text rendering lists the fields in the order
/// the log wrote them. Anything else (nesting, bad syntax) is nil: the caller prints the line as
/// it came, never loses it.
struct FlatJSONLine {
    enum Value: Equatable {
        case string(String)
        /// Numbers, booleans and null, as written.
        case literal(String)
    }

    private(set) var fields: [(key: String, value: Value)] = []

    init?(_ line: Substring) {
        var scanner = Scanner(Array(line.utf8))
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        if scanner.take(UInt8(ascii: "}")) {
            guard scanner.atEnd else { return nil }
            return
        }
        repeat {
            guard let key = scanner.string(), scanner.take(UInt8(ascii: ":")), let value = scanner.value() else { return nil }
            fields.append((key, value))
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "}")), scanner.atEnd else { return nil }
    }

    func string(_ key: String) -> String? {
        guard case .string(let text)? = fields.first(where: { $0.key == key })?.value else { return nil }
        return text
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func value() -> Value? {
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "\"") { return string().map(Value.string) }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != UInt8(ascii: "}") {
                let b = bytes[i]
                // Literals are numbers, true, false, null: letters, digits, sign, point, exponent.
                guard (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || b == 0x2B || b == 0x2D || b == 0x2E
                        || b == 0x45 else { return nil }
                i += 1
            }
            guard i > start else { return nil }
            return .literal(String(decoding: bytes[start..<i], as: UTF8.self))
        }

        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                switch b {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard i < bytes.count else { return nil }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        out += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                default: out.append(b)
                }
            }
            return nil
        }

        /// `\uXXXX`, or a surrogate pair of two (the `\u` of the first already taken).
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { return nil }
            i += 4
            return v
        }
    }
}
