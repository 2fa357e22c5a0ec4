import Primitives

/// JSON building helpers the SCTE-35 JSON view uses.
extension JSONValue {
    /// Builds an object from `(key, value)` pairs, dropping members whose value is nil so that
    /// absent optional fields are left out rather than written as null.
    static func fields(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    static func integer<T: BinaryInteger>(_ value: T) -> JSONValue { .int(Int64(value)) }

    /// Lower-case `0x` hex with at least `digits` digits, threefive's style for ids and tiers.
    static func hex<T: BinaryInteger>(_ value: T, digits: Int) -> JSONValue {
        .string(HexText.prefixed(UInt64(value), digits: digits))
    }

    /// 90 kHz ticks as seconds, rounded to microseconds like threefive prints them.
    static func seconds(ticks: UInt64) -> JSONValue {
        .double((Double(ticks) / 90_000 * 1_000_000).rounded() / 1_000_000)
    }
}
