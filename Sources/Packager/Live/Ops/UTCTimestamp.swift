import Foundation
import Primitives

/// `2024-05-01T12:00:00.123Z` for a Foundation date: log lines and the state file.
enum UTCTimestamp {
    static func iso8601Milliseconds(_ date: Date) -> String {
        // Round to whole microseconds first: Date's Double arithmetic turns .123 into
        // .12299999…, which a plain floor would print as .122.
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Int64 conversion traps outside its range; no real clock gets near ±2^53 µs.
        guard micros.isFinite, abs(micros) < 9e15 else { return "out-of-range:\(date.timeIntervalSince1970)" }
        return ISO8601Text.format(millis: Int64((micros / 1000).rounded(.down)))
    }
}
