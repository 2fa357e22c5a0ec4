/// `--format json`: the snapshot as one JSON document with a fixed key order, numbers in
/// seconds rounded to the millisecond. Segments one per line so diffs stay readable.
public enum TimelineJSONWriter {
    public static func render(_ snapshot: TimelineSnapshot) -> String {
        """
        {
          "duration": \(JSONText.seconds(snapshot.durationNanos)),
          "primary_duration": \(JSONText.seconds(snapshot.primaryDurationNanos)),
          "segments": \(lines(snapshot.segments.map(segment))),
          "markers": \(lines(snapshot.markers.map(marker)))
        }

        """
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
            ("primary_start", JSONText.seconds(segment.primaryStartNanos)),
            ("primary_end", JSONText.seconds(segment.primaryEndNanos)),
            ("occupancy", JSONText.optionalString(interstitial?.occupancy.rawValue)),
            ("style", JSONText.optionalString(interstitial?.style.rawValue)),
            ("content_may_vary", interstitial.map { $0.contentMayVary ? "true" : "false" } ?? "null"),
            ("restrictions", JSONText.array((interstitial?.restrictions ?? []).map(JSONText.quoted))),
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
}
