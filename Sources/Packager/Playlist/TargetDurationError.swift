/// A segment does not fit the EXT-X-TARGETDURATION a playlist is committed to.
public enum TargetDurationError: Error, CustomStringConvertible, Equatable {
    case segmentTooLong(uri: String, durationTicks: Int64, roundedSeconds: Int64, targetDuration: Int)

    public var description: String {
        switch self {
        case let .segmentTooLong(uri, ticks, rounded, target):
            return "segment \(uri) lasts \(ExtinfText.format(ticks: ticks)) s (\(ticks) ticks at 90 kHz), which rounds to \(rounded) s, "
                + "above the fixed EXT-X-TARGETDURATION of \(target) s; the segmenter must cut it earlier "
                + "(a live playlist's target duration can never change)"
        }
    }
}
