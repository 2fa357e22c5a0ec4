/// EXT-X-VERSION (HLS §8): at least the version the playlist's features need, and SHOULD
/// NOT be higher; both judged from the one `VersionFeature.table`. A second tag is
/// `TagRepeatedRule`'s.
struct VersionRule: PlaylistRule {
    let id = RuleID.version

    func check(_ playlist: Playlist) -> [Finding] {
        let need = VersionFeature.requirement(of: playlist)
        let declared: Int
        let line: Int
        if let tag = playlist.firstTag("#EXT-X-VERSION") {
            if let problem = TagValueProblem.integer(tag) {
                return [finding(playlist, line: tag.line, .error, problem)]
            }
            guard let value = tag.value.flatMap({ Int($0) }), value >= 1 else {
                return [finding(playlist, line: tag.line, .error, "EXT-X-VERSION:\(tag.value ?? "") is not an integer >= 1")]
            }
            declared = value
            line = tag.line
        } else {
            declared = 1
            line = need.line
        }
        if declared < need.version {
            return [finding(playlist, line: line, .error,
                "EXT-X-VERSION is \(declared) but \(need.name) (line \(need.line)) needs \(need.version)")]
        }
        if declared > need.version, playlist.firstTag("#EXT-X-VERSION") != nil {
            let reason = need.version == 1 ? need.name : "\(need.name), line \(need.line)"
            return [finding(playlist, line: line, .warning,
                "EXT-X-VERSION is \(declared) but the playlist only needs \(need.version) (\(reason))")]
        }
        return []
    }
}
