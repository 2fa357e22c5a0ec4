import Foundation

/// ISO 8601 date-times as users and containers write them, with or without fractional seconds
/// (`--start-date`, the configuration's `start_date`, a container's `creation_time`).
public enum ISODate {
    public static func parse(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }
}
