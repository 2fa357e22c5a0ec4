/// A decimal number of seconds held as exact integer milliseconds, so arithmetic never
/// drifts (no 0.1 + 0.2 problem) and one value always renders to the same bytes.
///
/// Canonical text rule: millisecond precision, trailing fractional zeros trimmed and no
/// trailing dot: 30 s → `30`, 30.5 s → `30.5`, 30.25 s → `30.25`, 1 ms → `0.001`,
/// -1.5 s → `-1.5`. Negative values render with a leading `-` (only legal where the
/// attribute type is signed-decimal-floating-point; `DateRange` checks that).
public struct HLSDecimal: Hashable, Comparable, Codable, Sendable {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public init(seconds: Int64) {
        self.milliseconds = seconds * 1000
    }

    /// 90 kHz program-clock ticks, rounded to the nearest millisecond (ties away from zero).
    public init(ticks90k: Int64) {
        let magnitude = ticks90k.magnitude
        let rounded = Int64(magnitude / 90) + (magnitude % 90 >= 45 ? 1 : 0)
        self.milliseconds = ticks90k < 0 ? -rounded : rounded
    }

    /// Floating seconds, rounded to the nearest millisecond; nil for NaN, infinities and
    /// values beyond ±9.2e15 s. Prefer the integer initialisers; this exists for values
    /// that arrive as floats from outside (e.g. JSON configs).
    public init?(roundingSeconds seconds: Double) {
        let ms = (seconds * 1000).rounded()
        guard ms.isFinite, ms > -9.2e18, ms < 9.2e18 else { return nil }
        self.milliseconds = Int64(ms)
    }

    public static let zero = HLSDecimal(milliseconds: 0)

    public var isNegative: Bool { milliseconds < 0 }

    public static func < (a: HLSDecimal, b: HLSDecimal) -> Bool { a.milliseconds < b.milliseconds }
    public static func + (a: HLSDecimal, b: HLSDecimal) -> HLSDecimal {
        HLSDecimal(milliseconds: a.milliseconds + b.milliseconds)
    }
    public static func - (a: HLSDecimal, b: HLSDecimal) -> HLSDecimal {
        HLSDecimal(milliseconds: a.milliseconds - b.milliseconds)
    }

    /// The canonical text (see the type comment).
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to bytes: inout [UInt8]) {
        let magnitude = milliseconds.magnitude
        if milliseconds < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(magnitude / 1000, to: &bytes)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var divisor: UInt64 = digits == 3 ? 100 : (digits == 2 ? 10 : 1)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}

/// Plain base-10 digits of an unsigned integer, without Foundation formatting.
func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
    var divisor: UInt64 = 1
    while value / divisor >= 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
    }
}
