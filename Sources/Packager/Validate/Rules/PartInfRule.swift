/// EXT-X-PART-INF carries PART-TARGET (REQUIRED), and is REQUIRED as soon as the playlist
/// has an EXT-X-PART tag (HLS §4.4.3.7).
struct PartInfRule: PlaylistRule {
    let id = RuleID.partInf

    func check(_ playlist: Playlist) -> [Finding] {
        let partInf = playlist.firstTag("#EXT-X-PART-INF")
        var findings: [Finding] = []
        if let partInf {
            if let target = partInf.attributes?["PART-TARGET"] {
                if PartTarget.nanoseconds(partInf) == nil {
                    findings.append(finding(playlist, line: partInf.line, .error,
                        "PART-TARGET=\(target.raw) is not a decimal-floating-point number of seconds"))
                }
            } else {
                findings.append(finding(playlist, line: partInf.line, .error, "EXT-X-PART-INF has no PART-TARGET, which is REQUIRED"))
            }
        } else if let part = playlist.firstTag("#EXT-X-PART") {
            findings.append(finding(playlist, line: part.line, .error,
                "playlist has EXT-X-PART but no EXT-X-PART-INF, which is REQUIRED then"))
        }
        return findings
    }
}

/// The Part Target Duration of EXT-X-PART-INF, in nanoseconds.
enum PartTarget {
    static func nanoseconds(_ partInf: PlaylistTag) -> Int64? {
        guard let target = partInf.attributes?["PART-TARGET"], target.type.satisfies(.decimalFloat) else { return nil }
        return DecimalSeconds.nanoseconds(Substring(target.value))
    }
}
