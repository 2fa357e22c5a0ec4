import Primitives

extension Span {
    /// The `pkgctl cues --format json` line of this span; times in seconds from `t0`.
    public func reportJSON(t0: Int64?) -> JSONValue {
        .object([
            .init("type", .string("span")),
            .init("kind", .string(kind.rawValue)),
            .init("serial", .int(Int64(serial))),
            .init("signal", .string(signalName)),
            .init("start", ReportTime.seconds(startTicks, from: t0)),
            .init("end", ReportTime.seconds(endTicks, from: t0)),
            .init("planned_duration", plannedDurationTicks.map(ReportTime.seconds) ?? .null),
            .init("duration", durationTicks.map(ReportTime.seconds) ?? .null),
            .init("ended_by", endedBy.map { .string($0.rawValue) } ?? .null),
            .init("event_id", .int(Int64(eventID))),
            .init("parent", parent.map { .int(Int64($0)) } ?? .null),
        ])
    }
}
