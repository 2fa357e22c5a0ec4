/// Uppercase hexadecimal text for codec strings.
enum Hex {
    static func byte(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// Without leading zeros ("6", not "00000006").
    static func minimal<T: BinaryInteger>(_ value: T) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
