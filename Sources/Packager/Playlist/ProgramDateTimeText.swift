/// `YYYY-MM-DDThh:mm:ss.SSSZ` from UTC epoch milliseconds, computed from integers only:
/// no Foundation formatter, no locale or time-zone state, same bytes on every platform.
/// That exact form is what the HLS rules recommend (ms precision, `Z`) and what media3
/// parses without trouble.
public enum ProgramDateTimeText {
    private static let millisPerDay: Int64 = 86_400_000

    public static func format(millis: Int64) -> String {
        let days = floorDivide(millis, millisPerDay)
        let millisOfDay = millis - days * millisPerDay
        let date = civilDate(daysSinceEpoch: days)
        let seconds = millisOfDay / 1000
        return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
            + "T" + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
            + "." + pad(millisOfDay % 1000, 3) + "Z"
    }

    /// Proleptic Gregorian date of a day count from 1970-01-01, by splitting the count into
    /// 400-year eras (146097 days each) and counting years from 1 March, so that the leap
    /// day falls at the end of the counted year.
    static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468  // days from 0000-03-01
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1
        let month = marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
