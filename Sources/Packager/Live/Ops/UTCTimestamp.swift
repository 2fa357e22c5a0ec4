import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `2024-05-01T12:00:00.123Z`: ISO-8601 in UTC with milliseconds, formatted by hand with
/// gmtime_r so it needs no shared formatter (thread-safe, no locale, no global state).
enum UTCTimestamp {
    static func iso8601Milliseconds(_ date: Date) -> String {
        // Round to whole microseconds first: Date's Double arithmetic turns .123 into
        // .12299999…, which a plain floor would print as .122.
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Int64 conversion traps outside its range; no real clock gets near ±2^53 µs.
        guard micros.isFinite, abs(micros) < 9e15 else { return "out-of-range:\(date.timeIntervalSince1970)" }
        let totalMillis = Int64((micros / 1000).rounded(.down))
        var seconds = totalMillis / 1000
        var millis = totalMillis % 1000
        if millis < 0 { millis += 1000; seconds -= 1 }
        var clock = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&clock, &parts) != nil else {
            // Only years beyond tm's range fail; say so instead of printing a wrong date.
            return "out-of-range:\(seconds)"
        }
        return pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
            + "." + pad(Int(millis), 3) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
