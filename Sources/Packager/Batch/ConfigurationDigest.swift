/// The hash of a title's resolved settings, recorded in its output: when it differs from the
/// settings a later run resolves, the title is converted again. FNV-1a (64 bits) over the
/// canonical text: it is there to notice a changed setting, not to resist a forger.
public struct ConfigurationDigest: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64

    public init(of options: VodOptions) { self.init(text: CanonicalText.of(options)) }

    init(text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// `fnv1a64:` and 16 hex digits, as the fingerprint file holds it.
    public var description: String {
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
