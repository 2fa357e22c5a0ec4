import Foundation
import Primitives

/// What the media clock says when an epoch's clock is fixed, and its unit conversions.
enum MediaClockLog {
    /// A wall-clock instant in 90 kHz ticks since 1970.
    static func ticks(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 90_000).rounded()) }

    /// Below this margin two instances measuring a few hundred ms apart may pick different origins.
    static let narrowMarginTicks: Int64 = 90_000

    static func opened(_ anchor: MediaClockAnchor, gate: MediaEpochStart) -> PublishAction {
        var fields: LogFields = [
            "action": "media_clock",
            "origin": .string(ISO8601Text.format(millis: ISO8601Text.floorDivide(anchor.originTicks, 90))),
            "origin_ticks": .int(Int(anchor.originTicks)),
            "step": .double(Double(gate.stepTicks) / 90_000),
            "source": .string(gate.operatorOrigin == nil ? "wall clock, quantised" : "operator origin"),
        ]
        if let offset = gate.offsetTicks { fields.set("offset_ms", .double(Double(offset) / 90)) }
        if let first = gate.firstTicks { fields.set("first_pts", .int(Int(first))) }
        guard let margin = anchor.marginTicks else { return .log(.info, .state, fields) }
        fields.set("quantum", .double(Double(gate.quantum) / 90_000))
        fields.set("margin_ms", .double(Double(margin) / 90))
        if anchor.raised { fields.set("raised", "to follow what was published") }
        guard margin < narrowMarginTicks else { return .log(.info, .state, fields) }
        fields.set("note", "the wall clock − PTS offset is close to a quantum edge: a partner instance may pick the next one")
        return .log(.warn, .state, fields)
    }
}
