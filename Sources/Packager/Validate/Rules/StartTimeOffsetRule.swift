/// EXT-X-START needs TIME-OFFSET, a signed-decimal-floating-point (REQUIRED), and PRECISE
/// is YES or NO (HLS §4.4.2.2). Without TIME-OFFSET there is no start point to honour.
struct StartTimeOffsetRule: PlaylistRule {
    let id = RuleID.startTimeOffset

    func check(_ playlist: Playlist) -> [Finding] {
        guard let tag = playlist.firstTag("#EXT-X-START") else { return [] }
        var findings: [Finding] = []
        if let offset = tag.attributes?["TIME-OFFSET"] {
            if !offset.type.satisfies(.signedDecimalFloat) {
                findings.append(finding(playlist, line: tag.line, .error,
                    "EXT-X-START TIME-OFFSET=\(offset.raw) is not a signed-decimal-floating-point number of seconds"))
            }
        } else {
            findings.append(finding(playlist, line: tag.line, .error, "EXT-X-START has no TIME-OFFSET, which is REQUIRED"))
        }
        if let precise = tag.attributes?["PRECISE"], precise.raw != "YES", precise.raw != "NO" {
            findings.append(finding(playlist, line: tag.line, .error, "EXT-X-START PRECISE=\(precise.raw) is neither YES nor NO"))
        }
        return findings
    }
}
