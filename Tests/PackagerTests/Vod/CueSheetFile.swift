import Foundation
@testable import CueDetect
import Primitives

/// Writes sidecar cue sheets (`<pts seconds>,0x<hex>` lines) of splice_insert sections for a
/// sample: splice times are absolute PTS (t0 + t), each cue arrives 4 s before its splice.
struct CueSheetFile {
    let t0Ticks: Int64
    private(set) var lines: [String] = []

    init(t0Ticks: Int64) { self.t0Ticks = t0Ticks }

    /// A program-mode splice_insert, OUT or IN, at `t` seconds since the first frame.
    static func spliceInsert(event: UInt32, out: Bool, ptsTicks: UInt64) -> [UInt8] {
        var w = BitWriter()
        w.put(UInt64(event), bits: 32)
        w.flag(false)             // splice_event_cancel_indicator
        w.reserved(7)
        w.flag(out)               // out_of_network_indicator
        w.flag(true)              // program_splice_flag
        w.flag(false)             // duration_flag
        w.flag(false)             // splice_immediate_flag
        w.reserved(4)
        w.append(SectionBuilder.spliceTime(ptsTicks))
        w.put(UInt64(event & 0xFFFF), bits: 16)   // unique_program_id
        w.put(0, bits: 8)         // avail_num
        w.put(0, bits: 8)         // avails_expected
        return SectionBuilder(commandType: 0x05, command: w.bytes).build()
    }

    mutating func splice(event: UInt32, out: Bool, at t: Double) {
        let pts = UInt64(t0Ticks + Int64((t * 90_000).rounded())) & ((1 << 33) - 1)
        let arrival = Double(t0Ticks) / 90_000 + t - 4
        let hex = Self.spliceInsert(event: event, out: out, ptsTicks: pts).map { String(format: "%02X", $0) }.joined()
        lines.append(String(format: "%.3f", arrival) + ",0x" + hex)
    }

    /// A break: OUT at `from`, IN at `to`.
    mutating func splice(event: UInt32, from: Double, to: Double) {
        splice(event: event, out: true, at: from)
        splice(event: event, out: false, at: to)
    }

    func write(to url: URL) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
