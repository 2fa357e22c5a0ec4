/// Seconds for output: nanoseconds rounded to the nearest millisecond (halves away from
/// zero), printed without trailing zeros so the same timeline always prints the same text.
enum Milliseconds {
    static func rounded(_ nanos: Int64) -> Int64 {
        let half: Int64 = 500_000
        return nanos >= 0 ? nanos.saturatingAdding(half) / 1_000_000 : -((half - nanos) / 1_000_000)
    }

    /// `12`, `12.5`, `-0.25`, `0.001`.
    static func seconds(_ nanos: Int64) -> String {
        let millis = rounded(nanos)
        let sign = millis < 0 ? "-" : ""
        let magnitude = millis.magnitude
        let whole = magnitude / 1000
        var fraction = String(magnitude % 1000)
        guard fraction != "0" else { return "\(sign)\(whole)" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }
}
