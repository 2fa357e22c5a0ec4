import Primitives

extension Array where Element == UInt8 {
    /// Test vectors written as hex text; a typo in a literal is a test bug, so it traps.
    init(hex: String) {
        guard let bytes = HexText.bytes(hex) else { preconditionFailure("bad hex literal in a test: \(hex)") }
        self = bytes
    }
}
