/// EXT-X-SERVER-CONTROL (HLS §4.4.3.8): the Skip Boundary CAN-SKIP-UNTIL MUST be at least
/// six target durations, and CAN-SKIP-DATERANGES REQUIRES CAN-SKIP-UNTIL. (HOLD-BACK is
/// `HoldBackRule`'s, PART-HOLD-BACK `PartHoldBackRule`'s.)
struct ServerControlRule: PlaylistRule {
    let id = RuleID.serverControl

    func check(_ playlist: Playlist) -> [Finding] {
        guard let tag = playlist.firstTag("#EXT-X-SERVER-CONTROL"), let attributes = tag.attributes else { return [] }
        var findings: [Finding] = []
        let canSkip = attributes["CAN-SKIP-UNTIL"]
        if let canSkip {
            if let nanos = DecimalSeconds.nanoseconds(Substring(canSkip.value)), canSkip.type.satisfies(.decimalFloat) {
                if let target = playlist.targetDurationSeconds {
                    let minimum = target.saturatingMultiplied(by: 6).saturatingMultiplied(by: DecimalSeconds.nanosPerSecond)
                    if nanos < minimum {
                        findings.append(finding(playlist, line: tag.line, .error,
                            "CAN-SKIP-UNTIL=\(canSkip.raw) is less than six target durations (\(DecimalSeconds.format(minimum)) s)"))
                    }
                }
            } else {
                findings.append(finding(playlist, line: tag.line, .error,
                    "CAN-SKIP-UNTIL=\(canSkip.raw) is not a decimal-floating-point number of seconds"))
            }
        }
        if let dateRanges = attributes["CAN-SKIP-DATERANGES"] {
            if canSkip == nil {
                findings.append(finding(playlist, line: tag.line, .error, "CAN-SKIP-DATERANGES needs CAN-SKIP-UNTIL in the same tag"))
            }
            if dateRanges.raw != "YES" {
                findings.append(finding(playlist, line: tag.line, .error, "CAN-SKIP-DATERANGES=\(dateRanges.raw) is not YES"))
            }
        }
        return findings
    }
}
