import Foundation
import Primitives

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
        ISO8601Text.append(millis: millisecondsSinceEpoch, to: &bytes)
    }
}
