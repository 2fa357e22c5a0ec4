/// CUE MUST NOT contain both PRE and POST (HLS §4.4.5.1); hls.js marks such a range invalid.
struct CuePrePostRule: PlaylistRule {
    let id = RuleID.interstitialCuePrePost

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRangeTags.compactMap { tag in
            guard let cue = tag.attributes["CUE"] else { return nil }
            let tokens = Set(cue.value.split(separator: ","))
            guard tokens.contains("PRE"), tokens.contains("POST") else { return nil }
            return finding(playlist, line: tag.line, .error, "CUE=\(cue.raw) has both PRE and POST", breaks: [.hlsJS])
        }
    }
}
