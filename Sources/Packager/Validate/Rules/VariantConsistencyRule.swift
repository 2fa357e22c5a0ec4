/// Media playlists of one multivariant playlist agree (HLS §4.4.3.1, §4.4.3.5, §6.2.4):
/// same EXT-X-TARGETDURATION, EXT-X-PROGRAM-DATE-TIME in all or none, and the same
/// EXT-X-PLAYLIST-TYPE in all or none.
struct VariantConsistencyRule {
    let id = RuleID.variantConsistency

    /// Compares every playlist with the first one.
    func check(_ playlists: [Playlist]) -> [Finding] {
        guard let reference = playlists.first else { return [] }
        var findings: [Finding] = []
        for other in playlists.dropFirst() {
            if other.targetDurationSeconds != reference.targetDurationSeconds {
                findings.append(finding(other, line: other.firstTag("#EXT-X-TARGETDURATION")?.line ?? 0,
                    "EXT-X-TARGETDURATION is \(describe(other.targetDurationSeconds)) but \(describe(reference.targetDurationSeconds)) in \(reference.file)"))
            }
            if other.programDateTimes.isEmpty != reference.programDateTimes.isEmpty {
                findings.append(finding(other, line: 0, other.programDateTimes.isEmpty
                    ? "has no EXT-X-PROGRAM-DATE-TIME but \(reference.file) has"
                    : "has EXT-X-PROGRAM-DATE-TIME but \(reference.file) has none"))
            }
            if other.playlistType != reference.playlistType {
                findings.append(finding(other, line: other.firstTag("#EXT-X-PLAYLIST-TYPE")?.line ?? 0,
                    "EXT-X-PLAYLIST-TYPE is \(other.playlistType ?? "absent") but \(reference.playlistType ?? "absent") in \(reference.file)"))
            }
        }
        return findings
    }

    private func describe(_ value: Int64?) -> String {
        value.map(String.init) ?? "missing"
    }

    private func finding(_ playlist: Playlist, line: Int, _ message: String) -> Finding {
        Finding(file: playlist.file, line: line, rule: id, severity: .error, message: message)
    }
}
