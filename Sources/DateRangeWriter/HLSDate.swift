import Foundation

/// A wall-clock instant with millisecond precision, rendered as `YYYY-MM-DDThh:mm:ss.SSSZ`
/// (UTC, always three fractional digits). Formatting is done by hand from integer
/// milliseconds: no DateFormatter, so no locale, calendar or time-zone surprises, and it
/// is cheap enough for hot loops.
public struct HLSDate: Hashable, Comparable, Codable, Sendable {
    public let millisecondsSinceEpoch: Int64

    /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the four-digit-year range.
    static let earliest: Int64 = -62_167_219_200_000
    static let latest: Int64 = 253_402_300_799_999

    public init(millisecondsSinceEpoch: Int64) throws {
        guard millisecondsSinceEpoch >= HLSDate.earliest, millisecondsSinceEpoch <= HLSDate.latest else {
            throw DateRangeError.dateOutOfRange(millisecondsSinceEpoch: millisecondsSinceEpoch)
        }
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Rounds a Foundation date to the nearest millisecond.
    public init(_ date: Date) throws {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        guard ms >= Double(HLSDate.earliest), ms <= Double(HLSDate.latest) else {
            throw DateRangeError.dateOutOfRange(millisecondsSinceEpoch: ms.isFinite && abs(ms) < 9e18 ? Int64(ms) : Int64.max)
        }
        try self.init(millisecondsSinceEpoch: Int64(ms))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(millisecondsSinceEpoch: try container.decode(Int64.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSinceEpoch)
    }

    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSinceEpoch) / 1000) }

    public func adding(_ duration: HLSDecimal) throws -> HLSDate {
        let (sum, overflow) = millisecondsSinceEpoch.addingReportingOverflow(duration.milliseconds)
        guard !overflow else { throw DateRangeError.dateOutOfRange(millisecondsSinceEpoch: Int64.max) }
        return try HLSDate(millisecondsSinceEpoch: sum)
    }

    public static func < (a: HLSDate, b: HLSDate) -> Bool { a.millisecondsSinceEpoch < b.millisecondsSinceEpoch }

    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `"<text>"`, the quoted-string form used by START-DATE / END-DATE.
    public var quotedText: String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(26)
        append(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to bytes: inout [UInt8]) {
        let ms = millisecondsSinceEpoch
        let days = floorDivide(ms, 86_400_000)
        let msOfDay = ms - days * 86_400_000
        let (year, month, day) = HLSDate.civil(fromDaysSinceEpoch: days)
        appendPadded(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(msOfDay / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(msOfDay / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(msOfDay / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendPadded(msOfDay % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Proleptic Gregorian year/month/day for a day count from 1970-01-01, computed over
    /// 400-year eras (146 097 days each) with March-based years so that the leap day is
    /// the last day of a computed year.
    static func civil(fromDaysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
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
}

func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

func appendPadded(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
        rest %= divisor
        divisor /= 10
    }
}
