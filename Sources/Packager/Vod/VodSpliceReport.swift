import Primitives

/// report.json's `splices`: the splice mode and, for every cut at a span edge (per rendition),
/// the splice asked for, where the cut landed, what was re-encoded or dropped and what it cost.
public struct VodSpliceReport: Equatable, Sendable {
    public var mode: SpliceMode
    public var edges: [SpliceEdgeRecord]

    /// Times in seconds since `t0` (the first video frame), as the rest of the report.
    func json(t0: Int64) -> JSONValue {
        func seconds(_ ticks: Int64) -> JSONValue { .double((Double(ticks) / 90).rounded() / 1000) }
        func millis(_ value: Double) -> JSONValue { .double((value * 10).rounded() / 10) }
        return .object([
            .init("mode", .string(mode.rawValue)),
            .init("edges", .array(edges.map { e in
                .object([
                    .init("edges", .array(e.edges.map(JSONValue.string))),
                    .init("rendition", .int(Int64(e.rendition))),
                    .init("method", .string(e.method.rawValue)),
                    .init("requested", seconds(e.requestedTicks - t0)),
                    .init("landed", e.landedTicks.map { seconds($0 - t0) } ?? .null),
                    .init("landed_after_requested", e.landedTicks.map { seconds($0 - e.requestedTicks) } ?? .null),
                    .init("frames_decoded", .int(Int64(e.framesDecoded))),
                    .init("frames_reencoded", .int(Int64(e.framesReencoded))),
                    .init("frames_dropped", .int(Int64(e.framesDropped))),
                    .init("cpu_ms", millis(e.cpuMilliseconds)),
                    .init("wall_ms", millis(e.wallMilliseconds)),
                    .init("notes", .array(e.notes.map(JSONValue.string))),
                ])
            })),
            .init("cpu_ms_total", millis(edges.reduce(0) { $0 + $1.cpuMilliseconds })),
        ])
    }
}
