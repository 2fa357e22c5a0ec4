/// Exact decimal seconds (EXTINF, DURATION, …) as nanoseconds; digits past the ninth
/// decimal are dropped, which is far below any HLS timing precision.
public enum DecimalSeconds {
    public static let nanosPerSecond: Int64 = 1_000_000_000

    /// Parses `[-]digits[.digits]`; nil for anything else (exponents, signs, spaces).
    public static func nanoseconds(_ text: Substring) -> Int64? {
        var bytes = text.utf8
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if sawDot { return nil }
                sawDot = true
            } else if byte >= 48, byte <= 57 {
                sawDigit = true
                let digit = Int64(byte - 48)
                if sawDot {
                    if fractionDigits < 9 {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                    }
                } else {
                    let (times10, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.addingReportingOverflow(digit)
                    if o1 || o2 || next > Int64.max / nanosPerSecond { return nil }
                    whole = next
                }
            } else {
                return nil
            }
        }
        guard sawDigit else { return nil }
        for _ in fractionDigits..<9 { fraction *= 10 }
        let (total, overflow) = (whole * nanosPerSecond).addingReportingOverflow(fraction)
        if overflow { return nil }
        return negative ? -total : total
    }

    /// Seconds rounded to the nearest integer (halves up), as TARGETDURATION compares them.
    public static func roundedSeconds(_ nanos: Int64) -> Int64 {
        nanos.saturatingAdding(nanosPerSecond / 2) / nanosPerSecond
    }

    /// Three target durations in nanoseconds: the live-window and HOLD-BACK minimum.
    public static func threeTargetDurations(_ targetSeconds: Int64) -> Int64 {
        targetSeconds.saturatingMultiplied(by: 3).saturatingMultiplied(by: nanosPerSecond)
    }

    public static func format(_ nanos: Int64) -> String {
        let sign = nanos < 0 ? "-" : ""
        let magnitude = nanos.magnitude
        let whole = magnitude / UInt64(nanosPerSecond)
        let millis = (magnitude % UInt64(nanosPerSecond)) / 1_000_000
        let padded = String(millis)
        return "\(sign)\(whole).\(String(repeating: "0", count: 3 - padded.count))\(padded)"
    }
}
