/// An ISO-8601 date-time as used by START-DATE, END-DATE and EXT-X-PROGRAM-DATE-TIME,
/// kept as exact nanoseconds since the Unix epoch so END-DATE = START-DATE + DURATION can
/// be compared without floating-point error.
public struct Timestamp: Equatable, Comparable, Sendable {
    public enum Zone: Equatable, Sendable {
        case none
        case zulu
        /// `+hh:mm` or `+hhmm`.
        case offset
        /// `+hh` only: legal ISO-8601, but Media3 fails to parse it (androidx/media#2929).
        case hoursOnlyOffset
    }

    public let nanoseconds: Int64
    public let zone: Zone
    public let fractionDigits: Int

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public func adding(nanoseconds delta: Int64) -> Timestamp {
        Timestamp(nanoseconds: nanoseconds.saturatingAdding(delta), zone: zone, fractionDigits: fractionDigits)
    }

    /// Years accepted: wide enough for any real playlist, narrow enough that the difference
    /// of two dates in nanoseconds always fits in an Int64.
    static let supportedYears = 1900...2150

    /// Parses `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh[:mm|mm]]`; nil when the text is not one
    /// (or its year is outside `supportedYears`).
    public static func parse(_ text: String) -> Timestamp? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"),
              let month = reader.number(2), reader.skip("-"),
              let day = reader.number(2), reader.skip("T"),
              let hour = reader.number(2), reader.skip(":"),
              let minute = reader.number(2), reader.skip(":"),
              let second = reader.number(2),
              supportedYears.contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }

        var fractionNanos: Int64 = 0
        var fractionDigits = 0
        if reader.skip(".") || reader.skip(",") {
            while let digit = reader.digit() {
                if fractionDigits < 9 { fractionNanos = fractionNanos * 10 + Int64(digit) }
                fractionDigits += 1
            }
            guard fractionDigits > 0 else { return nil }
            for _ in fractionDigits..<max(fractionDigits, 9) { fractionNanos *= 10 }
        }

        var zone = Zone.none
        var offsetSeconds: Int64 = 0
        if reader.skip("Z") {
            zone = .zulu
        } else if let sign = reader.sign() {
            guard let hours = reader.number(2), hours < 24 else { return nil }
            var minutes = 0
            if reader.skip(":") {
                guard let m = reader.number(2) else { return nil }
                minutes = m
                zone = .offset
            } else if let m = reader.number(2) {
                minutes = m
                zone = .offset
            } else {
                zone = .hoursOnlyOffset
            }
            guard minutes < 60 else { return nil }
            offsetSeconds = Int64(sign * (hours * 3600 + minutes * 60))
        }
        guard reader.atEnd else { return nil }

        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
        return Timestamp(nanoseconds: seconds * 1_000_000_000 + fractionNanos, zone: zone, fractionDigits: fractionDigits)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Cursor over ASCII bytes for the fixed-width fields of a date.
private struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
        index += 1
        return Int(bytes[index - 1] - 48)
    }

    mutating func number(_ width: Int) -> Int? {
        let start = index
        var value = 0
        for _ in 0..<width {
            guard let d = digit() else { index = start; return nil }
            value = value * 10 + d
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
