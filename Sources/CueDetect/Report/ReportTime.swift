import Primitives

/// Seconds as reported in JSON: ticks / 90 000, rounded to the microsecond so that the same
/// tick count always prints the same text (no 29.999988888888 noise).
enum ReportTime {
    static func seconds(_ ticks: Int64) -> JSONValue {
        .double((Double(ticks) / Double(ProgramClock.hz) * 1_000_000).rounded() / 1_000_000)
    }

    static func seconds(_ ticks: Int64?, from origin: Int64?) -> JSONValue {
        guard let ticks, let origin else { return .null }
        return seconds(ticks - origin)
    }
}
