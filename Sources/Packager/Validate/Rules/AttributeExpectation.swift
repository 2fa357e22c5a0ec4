/// The type (and, for enumerations, the allowed values) a DATERANGE attribute must have.
struct AttributeExpectation {
    enum Shape {
        /// Value of one type.
        case type(AttributeValueType)
        /// A quoted-string holding comma-separated tokens; unknown tokens are ignored by
        /// clients, so they only warrant a warning.
        case tokenList(Set<String>)
        /// A quoted-string from a closed set; unknown values are treated as missing.
        case quotedChoice(Set<String>)
        /// Any of the X- client-attribute types: quoted-string, hex, signed float.
        case clientAttribute
    }

    let shape: Shape
    /// Players known to reject or misread a value of the wrong type.
    var breaks: [Player] = []

    /// Problems with `attribute` against this expectation, as (severity, message).
    func problems(_ attribute: Attribute) -> [(Severity, String)] {
        let name = attribute.name
        switch shape {
        case .type(let expected):
            if attribute.type.satisfies(expected) { return [] }
            return [(.error, "\(name) must be a \(expected.label), found \(attribute.type.label) \(attribute.raw)")]
        case .clientAttribute:
            switch attribute.type {
            case .quotedString, .hexadecimalSequence, .decimalInteger, .decimalFloat, .signedDecimalFloat: return []
            case .enumeratedString:
                return [(.error, "\(name) must be a quoted-string, hexadecimal-sequence or signed-decimal-floating-point, found \(attribute.raw)")]
            }
        case .tokenList(let allowed):
            guard attribute.type == .quotedString else {
                return [(.error, "\(name) must be a quoted enumerated-string-list, found \(attribute.raw)")]
            }
            var result: [(Severity, String)] = []
            var seen = Set<String>()
            for token in attribute.value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                if !allowed.contains(token) {
                    result.append((.warning, "\(name) has unknown value '\(token)' (clients ignore it; allowed: \(allowed.sorted().joined(separator: ", ")))"))
                } else if !seen.insert(token).inserted {
                    result.append((.warning, "\(name) repeats '\(token)'"))
                }
            }
            return result
        case .quotedChoice(let allowed):
            guard attribute.type == .quotedString else {
                return [(.error, "\(name) must be a quoted-string, found \(attribute.raw)")]
            }
            if allowed.contains(attribute.value) { return [] }
            return [(.warning, "\(name)=\(attribute.raw) is not one of \(allowed.sorted().joined(separator: ", ")) and is treated as missing")]
        }
    }
}
