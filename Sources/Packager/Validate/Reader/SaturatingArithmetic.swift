/// Durations and dates come from untrusted text; arithmetic on them clamps at the Int64
/// limits instead of trapping, so absurd values give odd numbers in a message, never a crash.
extension Int64 {
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (result, overflow) = addingReportingOverflow(other)
        guard overflow else { return result }
        return other > 0 ? .max : .min
    }

    func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return result }
        return other < 0 ? .max : .min
    }

    func saturatingMultiplied(by other: Int64) -> Int64 {
        let (result, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return result }
        return (self < 0) == (other < 0) ? .max : .min
    }
}

extension UInt64 {
    func saturatingAdding(_ other: UInt64) -> UInt64 {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? .max : result
    }
}
