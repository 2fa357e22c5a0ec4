/// `YYYY-MM-DDThh:mm:ss.SSSZ` from UTC epoch milliseconds, computed from integers only: no
/// Foundation formatter, no locale or time-zone state, the same bytes on every platform. This
/// exact form is what the HLS rules recommend (ms precision, `Z`) and what Media3 parses
/// without trouble; PDT, START-DATE, log lines and the state file all use it.
public enum ISO8601Text {
    private static let millisPerDay: Int64 = 86_400_000

    public static func format(millis: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(millis: millis, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text of `millis` to `bytes` (for writers that build a line byte by byte).
    public static func append(millis: Int64, to bytes: inout [UInt8]) {
        let days = floorDivide(millis, millisPerDay)
        let msOfDay = millis - days * millisPerDay
        let (year, month, day) = civil(fromDaysSinceEpoch: days)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        DecimalDigits.append(abs(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        DecimalDigits.append(msOfDay / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(msOfDay / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(msOfDay / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(msOfDay % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Proleptic Gregorian year/month/day for a day count from 1970-01-01, computed over
    /// 400-year eras (146 097 days each) with March-based years so that the leap day is the
    /// last day of a computed year.
    public static func civil(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468                       // days since 0000-03-01
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097             // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153         // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Division rounding towards negative infinity (dates before 1970 stay correct).
    public static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
