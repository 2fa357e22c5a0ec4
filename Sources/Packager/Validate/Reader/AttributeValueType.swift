/// The attribute value types of HLS §4.2, detected from the bytes as written.
public enum AttributeValueType: Equatable, Sendable {
    case decimalInteger
    case hexadecimalSequence
    case decimalFloat
    case signedDecimalFloat
    case quotedString
    case enumeratedString

    /// Whether a value of this detected type is acceptable where `expected` is required.
    /// An integer is a valid float and a non-negative float a valid signed float, because
    /// the grammar's character sets nest that way.
    public func satisfies(_ expected: AttributeValueType) -> Bool {
        switch (expected, self) {
        case (.decimalFloat, .decimalInteger),
             (.signedDecimalFloat, .decimalInteger),
             (.signedDecimalFloat, .decimalFloat):
            return true
        default:
            return self == expected
        }
    }

    var label: String {
        switch self {
        case .decimalInteger: return "decimal-integer"
        case .hexadecimalSequence: return "hexadecimal-sequence"
        case .decimalFloat: return "decimal-floating-point"
        case .signedDecimalFloat: return "signed-decimal-floating-point"
        case .quotedString: return "quoted-string"
        case .enumeratedString: return "enumerated-string"
        }
    }
}
