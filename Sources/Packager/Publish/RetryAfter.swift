import Foundation

/// The wait an origin asks for in a `Retry-After` header (RFC 9110 §10.2.3): either a number of
/// seconds or an HTTP date. CDN ingest points and S3-style stores send it with 503 and 429 when
/// they shed load; retrying sooner only adds to the load they are shedding.
enum RetryAfter {
    /// Seconds from `now`, or nil for a value that is neither form (the caller then keeps its own
    /// backoff). A date in the past is 0. Huge values are returned as they are: the caller bounds
    /// them by the item's deadline.
    static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        // delay-seconds = 1*DIGIT; "5s" or "1.5" is neither form, and no date parses from it.
        if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) { return Double(text) }
        // IMF-fixdate, and the two obsolete forms a recipient must still accept (RFC 850, asctime).
        // Formatters are made per call (a rare path) because several workers' threads may parse.
        for pattern in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            if let date = formatter(pattern).date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = pattern
        return formatter
    }
}
