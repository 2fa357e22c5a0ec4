import Primitives

/// The EXTINF duration text of a segment: seconds with exactly three decimals.
///
/// Rounding rule: the exact tick count is truncated (floored) to whole milliseconds.
/// 1/90000 s has no finite decimal form, so some rule is needed; flooring is the one that
/// keeps the written value on the same side of every `n + 0.5` boundary as the exact value
/// (those boundaries are whole milliseconds), so "EXTINF rounded to the nearest integer"
/// is the same whether a player computes it from the text or we compute it from ticks.
/// Rounding to the nearest millisecond would write 584999 ticks (6.49999 s) as `6.500`,
/// which rounds to 7 and breaks a TARGETDURATION of 6. The cost is < 1 ms per segment
/// of summed EXTINF falling behind; PDT on every segment re-anchors the wall clock.
public enum ExtinfText {
    public static let ticksPerMillisecond: Int64 = 90

    /// Whole milliseconds of a (non-negative) duration, floored; negative input counts as 0.
    public static func millis(ticks: Int64) -> Int64 {
        max(0, ticks) / ticksPerMillisecond
    }

    public static func format(ticks: Int64) -> String {
        var bytes: [UInt8] = []
        append(ticks: ticks, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same text appended to a playlist being written.
    public static func append(ticks: Int64, to bytes: inout [UInt8]) {
        let ms = millis(ticks: ticks)
        DecimalDigits.append(ms / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(ms % 1000, width: 3, to: &bytes)
    }
}
