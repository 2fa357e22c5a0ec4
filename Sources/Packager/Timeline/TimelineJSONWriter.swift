/// `--format json`: the snapshot as one JSON document with a fixed key order, numbers in
/// seconds rounded to the millisecond. Segments one per line so diffs stay readable.
/// `duration`, `start` and `end` are the integrated timeline (a POINT interstitial has zero
/// width there); `playout_*` count every interstitial played; `primary_*` are positions on
/// the primary.
public enum TimelineJSONWriter {
    public static func render(_ snapshot: TimelineSnapshot) -> String {
        var head = [
            "  \"duration\": \(JSONText.seconds(snapshot.durationNanos))",
            "  \"playout_duration\": \(JSONText.seconds(snapshot.playoutDurationNanos))",
            "  \"primary_duration\": \(JSONText.seconds(snapshot.primaryDurationNanos))",
            "  \"live\": \(snapshot.isLive)",
        ]
        if let join = snapshot.join { head.append("  \"live_join\": \(liveJoin(join))") }
        head += [
            "  \"segments\": \(lines(snapshot.segments.map(segment)))",
            "  \"markers\": \(lines(snapshot.markers.map(marker)))",
            "  \"unscheduled\": \(JSONText.array(snapshot.unscheduled.map(JSONText.quoted)))",
        ]
        // DEL and C1 controls from IDs and URIs are escaped too: some terminals obey them.
        return JSONControlEscape.apply("{\n" + head.joined(separator: ",\n") + "\n}\n")
    }

    /// An array with one item per line, or `[]`.
    private static func lines(_ items: [String]) -> String {
        guard !items.isEmpty else { return "[]" }
        return "[\n" + items.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]"
    }

    static func segment(_ segment: TimelineSegment) -> String {
        let interstitial = segment.interstitial
        return JSONText.object([
            ("type", JSONText.quoted(segment.kind.rawValue)),
            ("id", JSONText.optionalString(segment.id)),
            ("start", JSONText.seconds(segment.startNanos)),
            ("end", JSONText.seconds(segment.endNanos)),
            ("playout_start", JSONText.seconds(segment.playoutStartNanos)),
            ("playout_end", JSONText.seconds(segment.playoutEndNanos)),
            ("primary_start", JSONText.seconds(segment.primaryStartNanos)),
            ("primary_end", JSONText.seconds(segment.primaryEndNanos)),
            ("cue", JSONText.optionalString(interstitial.map(cue))),
            ("occupancy", JSONText.optionalString(interstitial?.occupancy.rawValue)),
            ("style", JSONText.optionalString(interstitial?.style.rawValue)),
            ("content_may_vary", interstitial.map { $0.contentMayVary ? "true" : "false" } ?? "null"),
            ("restrictions", JSONText.array((interstitial?.restrictions ?? []).map(JSONText.quoted))),
            ("snap", JSONText.array(interstitial.map(snap)?.map(JSONText.quoted) ?? [])),
            ("resume_offset", JSONText.optionalSeconds(interstitial?.resumeOffsetNanos)),
            ("playout_limit", JSONText.optionalSeconds(interstitial?.playoutLimitNanos)),
            ("assets", JSONText.array((interstitial?.assets ?? []).map { asset in
                JSONText.object([("uri", JSONText.quoted(asset.uri)),
                                 ("duration", JSONText.optionalSeconds(asset.durationNanos))])
            })),
        ])
    }

    static func marker(_ marker: TimelineMarker) -> String {
        JSONText.object([
            ("type", JSONText.quoted(marker.kind.rawValue)),
            ("id", JSONText.quoted(marker.id)),
            ("start", JSONText.seconds(marker.startNanos)),
            ("end", JSONText.seconds(marker.endNanos)),
        ])
    }

    static func liveJoin(_ join: LiveJoin) -> String {
        JSONText.object([
            ("primary", JSONText.seconds(join.primaryNanos)),
            ("pre_roll", JSONText.optionalString(join.preRoll)),
            ("interstitial", JSONText.optionalString(join.interstitial)),
            ("start_offset", JSONText.seconds(join.startOffsetNanos)),
        ])
    }

    /// `PRE`, `POST` or `START-DATE`, with `,ONCE` when it plays only once.
    static func cue(_ interstitial: ScheduledInterstitial) -> String {
        let base: String
        switch interstitial.cue {
        case .pre: base = "PRE"
        case .post: base = "POST"
        case .atStartDate: base = "START-DATE"
        }
        return interstitial.once ? base + ",ONCE" : base
    }

    private static func snap(_ interstitial: ScheduledInterstitial) -> [String] {
        (interstitial.snapOut ? ["OUT"] : []) + (interstitial.snapIn ? ["IN"] : [])
    }
}
