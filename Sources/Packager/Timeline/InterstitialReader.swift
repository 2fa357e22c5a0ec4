/// Turns the merged attributes of one interstitial date range into a `ScheduledInterstitial`,
/// rejecting values a player could not use with an error naming the attribute and line.
struct InterstitialReader {
    let playlist: TimelineLocation
    let dates: PrimaryDateMap
    let assets: AssetResolver

    func read(_ range: PlaylistDateRange, resolvedEnd: Timestamp?) throws -> ScheduledInterstitial {
        let values = RangeValues(range: range, location: playlist.description)
        guard let startAttribute = range.merged["START-DATE"] else {
            throw values.missing("START-DATE")
        }
        guard let start = Timestamp.parse(startAttribute.value) else {
            throw values.bad("START-DATE", expected: "an ISO-8601 date-time")
        }
        // hls.js and Shaka read the legacy X-CUE when CUE is absent (date-range.ts `cue`,
        // shaka-player#10558); the spec's name wins when both are there.
        let cueTokens = values.tokens(range.merged["CUE"] != nil ? "CUE" : "X-CUE")
        if cueTokens.contains("PRE"), cueTokens.contains("POST") {
            throw TimelineError.conflictingAttributes(location: values.location, line: range.firstLine, id: range.id,
                                                      detail: "CUE has both PRE and POST")
        }
        let cue: InterstitialCue = cueTokens.contains("PRE") ? .pre : cueTokens.contains("POST") ? .post : .atStartDate

        let declaredDuration = try values.seconds("DURATION", signed: false)
        let plannedDuration = try values.seconds("PLANNED-DURATION", signed: false)
        // DURATION first, as hls.js reads it; else END-DATE or the next range (END-ON-NEXT).
        let rangeNanos = declaredDuration ?? resolvedEnd.map { $0.nanoseconds.saturatingSubtracting(start.nanoseconds) }
        let played = try assets.resolve(range: range, values: values)

        let restrict = values.tokens("X-RESTRICT")
        let snap = values.tokens("X-SNAP")
        let startPosition = dates.position(of: start)
        return ScheduledInterstitial(
            id: range.id, line: range.firstLine, cue: cue, once: cueTokens.contains("ONCE"),
            snapOut: snap.contains("OUT"), snapIn: snap.contains("IN"),
            startNanos: startPosition,
            rangeEndNanos: rangeNanos.map { startPosition.saturatingAdding($0) },
            occupancy: TimelineOccupancy(attribute: range.merged["X-TIMELINE-OCCUPIES"]?.value),
            style: TimelineBarStyle(attribute: range.merged["X-TIMELINE-STYLE"]?.value),
            contentMayVary: range.merged["X-CONTENT-MAY-VARY"]?.value != "NO",
            restrictions: ["SKIP", "JUMP"].filter(restrict.contains),
            explicitResumeOffsetNanos: try values.seconds("X-RESUME-OFFSET", signed: true),
            playoutLimitNanos: try values.seconds("X-PLAYOUT-LIMIT", signed: false),
            assets: played.assets,
            // What the player actually plays decides; the range's own numbers SHOULD agree (D.2).
            // Like hls.js, a zero DURATION gives way to PLANNED-DURATION (X-PLAYOUT-LIMIT=0
            // still makes a cancelled break play nothing).
            assetDurationNanos: played.totalNanos ?? rangeNanos.flatMap { $0 > 0 ? $0 : nil } ?? plannedDuration ?? rangeNanos)
    }
}

/// Typed access to one range's merged attributes, with errors that point at the tag.
struct RangeValues {
    let range: PlaylistDateRange
    let location: String

    func value(_ name: String) -> String? { range.merged[name]?.value }

    /// An enumerated-string-list; unknown tokens are kept for the caller to ignore.
    func tokens(_ name: String) -> Set<String> {
        guard let text = value(name) else { return [] }
        return Set(text.split(separator: ",").map(String.init))
    }

    func seconds(_ name: String, signed: Bool) throws -> Int64? {
        guard let text = value(name) else { return nil }
        guard let nanos = DecimalSeconds.nanoseconds(Substring(text)), signed || nanos >= 0 else {
            throw bad(name, expected: signed ? "a decimal number of seconds" : "a non-negative decimal number of seconds")
        }
        return nanos
    }

    func bad(_ name: String, expected: String) -> TimelineError {
        .badAttribute(location: location, line: range.line(of: name) ?? range.firstLine, id: range.id,
                      attribute: name, value: range.merged[name]?.raw ?? "", expected: expected)
    }

    func missing(_ name: String) -> TimelineError {
        .missingAttribute(location: location, line: range.firstLine, id: range.id, attribute: name)
    }
}
