import Primitives

/// time_signal() (Table 11): a bare splice_time; its meaning comes from the descriptors
/// (usually segmentation descriptors) that travel with it.
public struct TimeSignal: Equatable, Sendable {
    /// No pts_time means "now" (immediate).
    public var spliceTime: SpliceTime

    public init(spliceTime: SpliceTime) {
        self.spliceTime = spliceTime
    }

    static func decode(_ reader: inout BitReader) throws -> TimeSignal {
        TimeSignal(spliceTime: try SpliceTime.decode(&reader))
    }
}
