import CueDetect
import Primitives

/// What `pkgctl vod` found and did, written as DIR/report.json and summarised on stdout.
public struct VodReport {
    public struct SpanEntry {
        public var id: String?
        public var span: Span
        public var placement: Placement
        public var cutIn: Int64?
        public var cutOut: Int64?
        public var skipped: String?
        public var assetURI: String?
        /// Where the interstitial sits on the primary timeline, seconds from its start.
        public var primaryPosition: Double?
        /// Spans inside this one (the ads of a break): each an entry of its asset list.
        public var nested: [NestedEntry] = []

        init(id: String?, span: Span, placement: Placement, cutIn: Int64? = nil, cutOut: Int64? = nil,
             skipped: String? = nil) {
            self.id = id
            self.span = span
            self.placement = placement
            self.cutIn = cutIn
            self.cutOut = cutOut
            self.skipped = skipped
        }
    }

    /// A span nested in a routed one, and what became of it.
    public struct NestedEntry {
        public var id: String
        public var span: Span
        public var assetURI: String?
        public var assetDurationTicks: Int64?
        public var outcome: String
    }

    public var input: String
    public var output: String
    public var t0: Int64
    public var sourceDurationTicks: Int64
    public var primaryDurationTicks: Int64
    public var primarySegments: Int
    public var spans: [SpanEntry]
    public var withdrawn: [Span]
    public var cues: Int
    public var warnings: [String]
    /// How span edges were cut and what each cut did (nil: no splicer ran, as for stitched input).
    public var splices: VodSpliceReport?

    public var json: JSONValue {
        func seconds(_ ticks: Int64?) -> JSONValue {
            guard let ticks else { return .null }
            return .double((Double(ticks) / 90).rounded() / 1000)
        }
        var fields: [JSONValue.Member] = [
            .init("input", .string(input)),
            .init("output", .string(output)),
            .init("source_duration", seconds(sourceDurationTicks)),
            .init("primary_duration", seconds(primaryDurationTicks)),
            .init("primary_segments", .int(Int64(primarySegments))),
            .init("cues", .int(Int64(cues))),
            .init("spans", .array(spans.map { e in
                .object([
                    .init("id", e.id.map(JSONValue.string) ?? .null),
                    .init("kind", .string(e.span.kind.rawValue)),
                    .init("signal", .string(e.span.signalName)),
                    .init("event_id", .int(Int64(e.span.eventID))),
                    .init("splice_start", seconds(e.span.startTicks - t0)),
                    .init("splice_end", seconds(e.span.endTicks.map { $0 - t0 })),
                    .init("ended_by", e.span.endedBy.map { .string($0.rawValue) } ?? .null),
                    .init("parent", e.span.parent.map { .int(Int64($0)) } ?? .null),
                    .init("placement", .string(e.placement.rawValue)),
                    .init("cut_in", seconds(e.cutIn.map { $0 - t0 })),
                    .init("cut_out", seconds(e.cutOut.map { $0 - t0 })),
                    .init("cut_in_after_splice", seconds(e.cutIn.map { $0 - e.span.startTicks })),
                    .init("cut_out_after_splice", seconds(zipped(e.cutOut, e.span.endTicks).map { $0 - $1 })),
                    .init("asset_duration", seconds(zipped(e.cutOut, e.cutIn).map { $0 - $1 })),
                    .init("primary_position", e.primaryPosition.map(JSONValue.double) ?? .null),
                    .init("asset_uri", e.assetURI.map(JSONValue.string) ?? .null),
                    .init("action", .string(e.skipped.map { "skipped: " + $0 } ?? "interstitial")),
                    .init("nested", .array(e.nested.map { n in
                        .object([
                            .init("id", .string(n.id)),
                            .init("kind", .string(n.span.kind.rawValue)),
                            .init("signal", .string(n.span.signalName)),
                            .init("event_id", .int(Int64(n.span.eventID))),
                            .init("splice_start", seconds(n.span.startTicks - t0)),
                            .init("splice_end", seconds(n.span.endTicks.map { $0 - t0 })),
                            .init("asset_uri", n.assetURI.map(JSONValue.string) ?? .null),
                            .init("asset_duration", seconds(n.assetDurationTicks)),
                            .init("action", .string(n.outcome)),
                        ])
                    })),
                ])
            })),
            .init("withdrawn", .array(withdrawn.map { .string("\($0.signalName) \($0.eventID)") })),
            .init("warnings", .array(warnings.map(JSONValue.string))),
        ]
        if let splices { fields.append(.init("splices", splices.json(t0: t0))) }
        return .object(fields)
    }
}

private func zipped<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
