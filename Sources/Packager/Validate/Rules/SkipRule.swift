/// EXT-X-SKIP in a Playlist Delta Update (HLS §4.4.5.2, §6.2.5.1): SKIPPED-SEGMENTS is a
/// REQUIRED decimal-integer; the skip replaces the oldest segments, so it comes before the
/// first listed one; a server only skips when it advertises CAN-SKIP-UNTIL and has no
/// EXT-X-ENDLIST; what is left lies within the Skip Boundary (segments further from the end
/// are the ones replaced); RECENTLY-REMOVED-DATERANGES only with CAN-SKIP-DATERANGES=YES.
struct SkipRule: PlaylistRule {
    let id = RuleID.skip

    func check(_ playlist: Playlist) -> [Finding] {
        guard let skip = playlist.firstTag("#EXT-X-SKIP") else { return [] }
        var problems: [String] = []
        if let count = skip.attributes?["SKIPPED-SEGMENTS"] {
            if count.type != .decimalInteger { problems.append("SKIPPED-SEGMENTS=\(count.raw) is not a decimal-integer") }
        } else {
            problems.append("EXT-X-SKIP has no SKIPPED-SEGMENTS, which is REQUIRED")
        }
        if let first = playlist.segments.first, first.startLine < skip.line {
            problems.append("EXT-X-SKIP comes after the first segment (line \(first.startLine)); it stands for the oldest ones")
        }
        if playlist.hasEndList { problems.append("a playlist with EXT-X-ENDLIST is never a delta update") }
        let control = playlist.firstTag("#EXT-X-SERVER-CONTROL")?.attributes
        if let boundary = control?["CAN-SKIP-UNTIL"] {
            if let nanos = DecimalSeconds.nanoseconds(Substring(boundary.value)), playlist.totalDurationNanos > nanos {
                problems.append("the \(DecimalSeconds.format(playlist.totalDurationNanos)) s left after the skip exceed the Skip Boundary CAN-SKIP-UNTIL=\(boundary.raw); older segments are to be skipped")
            }
        } else {
            problems.append("EXT-X-SKIP without CAN-SKIP-UNTIL in EXT-X-SERVER-CONTROL")
        }
        if skip.attributes?["RECENTLY-REMOVED-DATERANGES"] != nil, control?["CAN-SKIP-DATERANGES"]?.raw != "YES" {
            problems.append("RECENTLY-REMOVED-DATERANGES without CAN-SKIP-DATERANGES=YES")
        }
        return problems.map { finding(playlist, line: skip.line, .error, $0) }
    }
}
