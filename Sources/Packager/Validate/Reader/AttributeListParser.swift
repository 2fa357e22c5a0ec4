/// Tolerant reader of the HLS §4.2 attribute-list grammar: it always returns what it could
/// read and lists every deviation instead of failing, so one bad tag yields findings, not
/// a rejected file.
enum AttributeListParser {
    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")

    static func parse(_ text: Substring) -> AttributeList {
        let bytes = Array(text.utf8)
        var attributes: [Attribute] = []
        var issues: [String] = []
        var duplicates: [String] = []
        var seen = Set<String>()
        var index = 0

        while index < bytes.count {
            let nameStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != comma { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            if index >= bytes.count || bytes[index] == comma {
                issues.append("'\(name)' has no '=VALUE'")
                index += 1
                continue
            }
            index += 1 // '='
            checkName(name, into: &issues)

            let valueStart = index
            var terminatedQuote = true
            if index < bytes.count, bytes[index] == quote {
                index += 1
                while index < bytes.count, bytes[index] != quote { index += 1 }
                if index < bytes.count {
                    index += 1
                } else {
                    terminatedQuote = false
                }
                let closeEnd = index
                while index < bytes.count, bytes[index] != comma { index += 1 }
                if !terminatedQuote {
                    issues.append("quoted value of \(name) is not terminated")
                } else if closeEnd != index {
                    let trailing = String(decoding: bytes[closeEnd..<index], as: UTF8.self)
                    issues.append("quoted value of \(name) is followed by '\(trailing)' (a '\"' inside a quoted-string, or text after it)")
                }
            } else {
                while index < bytes.count, bytes[index] != comma { index += 1 }
            }
            let rawBytes = bytes[valueStart..<index]
            index += 1 // ','
            if index == bytes.count, bytes.last == comma {
                issues.append("attribute list ends with ','")
            }

            let raw = String(decoding: rawBytes, as: UTF8.self)
            let (type, value) = classify(rawBytes, quotedAndClosed: terminatedQuote)
            if type == .hexadecimalSequence, rawBytes.dropFirst(2).contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }) {
                issues.append("hexadecimal value of \(name) uses lowercase digits (must be 0x followed by [0-9A-F])")
            }
            if type != .quotedString, rawBytes.contains(where: isWhitespace) {
                issues.append("value of \(name) contains whitespace")
            }
            if rawBytes.isEmpty {
                issues.append("\(name) has an empty value")
            }

            if seen.contains(name) {
                duplicates.append(name)
            } else {
                seen.insert(name)
                attributes.append(Attribute(name: name, raw: raw, value: value, type: type))
            }
        }
        return AttributeList(attributes: attributes, grammarIssues: issues, duplicateNames: duplicates)
    }

    private static func checkName(_ name: String, into issues: inout [String]) {
        if name.isEmpty {
            issues.append("attribute with an empty name")
        } else if name.utf8.contains(where: isWhitespace) {
            issues.append("attribute name '\(name)' contains whitespace")
        } else if !name.utf8.allSatisfy(isNameByte) {
            issues.append("attribute name '\(name)' has characters outside [A-Z0-9-]")
        }
    }

    private static func classify(_ raw: ArraySlice<UInt8>, quotedAndClosed: Bool) -> (AttributeValueType, String) {
        if raw.first == quote {
            let inner = quotedAndClosed ? raw.dropFirst().prefix(while: { $0 != quote }) : raw.dropFirst()
            return (.quotedString, String(decoding: inner, as: UTF8.self))
        }
        let text = String(decoding: raw, as: UTF8.self)
        if raw.count > 2, raw.first == UInt8(ascii: "0"),
           raw[raw.startIndex + 1] == UInt8(ascii: "x") || raw[raw.startIndex + 1] == UInt8(ascii: "X"),
           raw.dropFirst(2).allSatisfy(isHexDigit) {
            return (.hexadecimalSequence, text)
        }
        if !raw.isEmpty, raw.count <= 20, raw.allSatisfy(isDigit), UInt64(text) != nil {
            return (.decimalInteger, text)
        }
        if isDecimalFloat(raw) { return (.decimalFloat, text) }
        if raw.first == UInt8(ascii: "-"), isDecimalFloat(raw.dropFirst()) { return (.signedDecimalFloat, text) }
        return (.enumeratedString, text)
    }

    static func isDecimalFloat(_ raw: ArraySlice<UInt8>) -> Bool {
        var digits = 0
        var dots = 0
        for byte in raw {
            if isDigit(byte) { digits += 1 } else if byte == UInt8(ascii: ".") { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    private static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
    }
    private static func isNameByte(_ b: UInt8) -> Bool { isDigit(b) || (b >= 65 && b <= 90) || b == 45 }
    private static func isWhitespace(_ b: UInt8) -> Bool { b == 32 || b == 9 }
}
