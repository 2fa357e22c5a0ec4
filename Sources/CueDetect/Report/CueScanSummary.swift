import Primitives

/// Counts printed at the end of `pkgctl cues`: what each reader saw, what the tracker ignored.
public struct CueScanSummary {
    public var cues: Int
    public var spans: Int
    public var withdrawnSpans: Int
    public var scan: TSScanStats
    public var reconcile: SectionReconciler.Stats
    public var tracker: SpanTrackerStats

    public init(cues: Int, spans: Int, withdrawnSpans: Int, scan: TSScanStats,
                reconcile: SectionReconciler.Stats, tracker: SpanTrackerStats) {
        self.cues = cues
        self.spans = spans
        self.withdrawnSpans = withdrawnSpans
        self.scan = scan
        self.reconcile = reconcile
        self.tracker = tracker
    }

    public var reportJSON: JSONValue {
        func int(_ v: Int) -> JSONValue { .int(Int64(v)) }
        return .object([
            .init("type", .string("summary")),
            .init("cues", int(cues)),
            .init("spans", int(spans)),
            .init("withdrawn_spans", int(withdrawnSpans)),
            .init("heartbeats", int(tracker.heartbeats)),
            .init("repeats", int(tracker.repeats)),
            .init("unmatched_ins", int(tracker.unmatchedIns)),
            .init("anomalies", int(tracker.anomalies)),
            .init("ts_packets", .int(scan.packets)),
            .init("ts_sync_losses", int(scan.syncLosses)),
            .init("ts_continuity_errors", int(scan.continuityErrors)),
            .init("sections_confirmed_by_libavformat", int(reconcile.confirmed)),
            .init("sections_scanner_only", int(reconcile.scannerOnly)),
            .init("sections_missed_by_libavformat", int(reconcile.missedByLibavformat)),
            .init("sections_libavformat_only", int(reconcile.libavformatOnly)),
        ])
    }
}
