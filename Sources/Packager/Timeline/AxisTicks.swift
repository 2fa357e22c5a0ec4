/// Tick spacing and labels for a time axis: a round step giving at most ten intervals.
enum AxisTicks {
    static let stepsSeconds: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 43_200, 86_400]

    static func step(forTotal nanos: Int64) -> Int64 {
        let seconds = stepsSeconds.first { nanos <= $0 * 10 * DecimalSeconds.nanosPerSecond }
            ?? (nanos / 10 / DecimalSeconds.nanosPerSecond + 1)
        return seconds * DecimalSeconds.nanosPerSecond
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func label(_ nanos: Int64) -> String {
        let total = nanos / DecimalSeconds.nanosPerSecond
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
    }
}
