import Foundation
@testable import CueDetect

/// Writes sidecar cue sheets (`<arrival pts seconds>,0x<hex>` lines) of sections made by
/// pkgctl's SCTE-35 encoder: splice times are absolute PTS (t0 + t); by default a cue arrives
/// 4 s before its splice.
struct CueSheetFile {
    let t0Ticks: Int64
    private(set) var lines: [String] = []

    init(t0Ticks: Int64) { self.t0Ticks = t0Ticks }

    func pts(_ t: Double) -> UInt64 { UInt64(t0Ticks + Int64((t * 90_000).rounded())) & ((1 << 33) - 1) }

    /// Any section, arriving at `t` seconds since the first frame.
    mutating func add(_ section: [UInt8], arrivingAt t: Double) {
        let arrival = Double(t0Ticks) / 90_000 + t
        lines.append(String(format: "%.3f", arrival) + ",0x" + section.map { String(format: "%02X", $0) }.joined())
    }

    /// A program-mode splice_insert, OUT or IN, at `t` seconds since the first frame.
    mutating func splice(event: UInt32, out: Bool, at t: Double, duration: Double? = nil) {
        add(SCTE35Encoder.spliceInsert(eventID: event, out: out, pts: pts(t),
                                       breakDurationTicks: duration.map { UInt64(($0 * 90_000).rounded()) }),
            arrivingAt: t - 4)
    }

    /// A break: OUT at `from`, IN at `to`.
    mutating func splice(event: UInt32, from: Double, to: Double) {
        splice(event: event, out: true, at: from)
        splice(event: event, out: false, at: to)
    }

    mutating func cancel(event: UInt32, at t: Double) {
        add(SCTE35Encoder.spliceInsert(eventID: event, out: false, pts: nil, cancel: true), arrivingAt: t)
    }

    /// A time_signal at `t` carrying one segmentation descriptor (Start types with a duration).
    mutating func segmentation(event: UInt32, type: UInt8, at t: Double, duration: Double? = nil, arriving lead: Double = 4,
                               adi upid: String? = nil) {
        let descriptor = SCTE35Encoder.Segmentation(eventID: event, typeID: type,
                                                    durationTicks: duration.map { UInt64(($0 * 90_000).rounded()) },
                                                    upidType: upid == nil ? 0 : 0x09, upid: Array((upid ?? "").utf8))
        add(SCTE35Encoder.timeSignal(pts: pts(t), segmentations: [descriptor]), arrivingAt: t - lead)
    }

    func write(to url: URL) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
