/// First line `#EXTM3U`, UTF-8 without BOM or control characters (HLS §4.1, §4.4.1.1).
/// Every player rejects a file that does not start with `#EXTM3U`.
struct PlaylistHeaderRule: PlaylistRule {
    let id = RuleID.playlistHeader

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.textIssues.map { issue in
            let fatal = issue.message.contains("#EXTM3U")
            return finding(playlist, line: issue.line, .error, issue.message, breaks: fatal ? Player.all : [])
        }
    }
}
