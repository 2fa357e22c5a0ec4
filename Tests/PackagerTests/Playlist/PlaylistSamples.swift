@testable import Packager
import Primitives

/// Segment values shared by the playlist tests: a 2026-01-01T00:00:00Z wall clock and
/// 90 kHz durations that exercise the EXTINF rounding rule.
enum PlaylistSamples {
    /// 2026-01-01T00:00:00.000Z.
    static let midnight: Int64 = 1_767_225_600_000

    /// 6.006 s: 180 frames at 29.97 fps.
    static let ntscSix: Int64 = 540_540

    static func segment(_ uri: String, ticks: Int64, startTicks: Int64 = 0, pdt: Int64, bytes: Int = 0,
                        discontinuity: Bool = false, map: String? = nil, gap: Bool = false) -> SegmentRecord {
        SegmentRecord(uri: uri, durationTicks: ticks, startTicks: startTicks, bytes: bytes, discontinuity: discontinuity,
                      programDateTimeMillis: pdt, mapURI: map, gap: gap)
    }

    /// `count` back-to-back segments of `ticks` each, named `prefix<n>.ts`, starting at `midnight`.
    static func run(_ count: Int, ticks: Int64, prefix: String = "seg", firstNumber: Int = 0) -> [SegmentRecord] {
        (0..<count).map { offset in
            let number = firstNumber + offset
            let start = Int64(number) * ticks
            return segment("\(prefix)\(number).ts", ticks: ticks, startTicks: start, pdt: midnight + start / 90)
        }
    }

    static func dateRange(_ id: String, at millis: Int64, duration: String = "10.000") -> DateRangeBlock {
        DateRangeBlock(anchorMillis: millis, lines: [
            "#EXT-X-DATERANGE:ID=\"\(id)\",START-DATE=\"\(ISO8601Text.format(millis: millis))\",DURATION=\(duration)",
        ])
    }
}
