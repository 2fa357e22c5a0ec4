import Foundation

/// Where a live channel's timeline comes from (`live.clock`, `--clock`).
public enum LiveClock: Equatable, Sendable {
    /// PDT anchored to the wall clock at each epoch's first frame; segment numbers and IDs count
    /// from the channel's start. One instance per channel.
    case wall
    /// PDT, segment numbers, MEDIA-SEQUENCE and date-range IDs derived from the media's own
    /// timestamps, so two instances fed the same encoder output publish the same names
    /// (docs/redundancy.md). `origin`: the UTC time of PTS 0 (an encoder that stamps PTS from the
    /// time of day); nil: derived from the wall clock, rounded down to a coarse quantum.
    case media(origin: Date?)

    public var isMedia: Bool {
        if case .media = self { return true }
        return false
    }

    /// `wall`, `media`, or an ISO 8601 date-time (the media clock with PTS 0 at that instant).
    public static func parse(_ text: String) -> LiveClock? {
        switch text {
        case "wall": return .wall
        case "media": return .media(origin: nil)
        default: return ISODate.parse(text).map { .media(origin: $0) }
        }
    }
}
