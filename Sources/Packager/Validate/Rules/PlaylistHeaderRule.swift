/// First line `#EXTM3U`, UTF-8 without BOM or control characters (HLS §4.1, §4.4.1.1).
/// Every player rejects a file that does not start with `#EXTM3U`.
struct PlaylistHeaderRule: PlaylistRule {
    let id = RuleID.playlistHeader

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.textIssues.filter { $0.kind == .header }.map { issue in
            let fatal = issue.message.contains("#EXTM3U")
            return finding(playlist, line: issue.line, .error, issue.message, breaks: fatal ? Player.all : [])
        }
    }
}

/// No whitespace outside the elements that allow it (HLS §4.1): a line of spaces is not a
/// blank line and not a URI, and a URI line carries no surrounding spaces.
struct LineWhitespaceRule: PlaylistRule {
    let id = RuleID.lineWhitespace

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.textIssues.filter { $0.kind == .whitespace }.map { issue in
            finding(playlist, line: issue.line, .error, issue.message)
        }
    }
}

/// Lines above the read limit are reported once each and not parsed, so one runaway line
/// cannot cost the memory of parsing it.
struct LineLengthRule: PlaylistRule {
    let id = RuleID.lineLength

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.textIssues.filter { $0.kind == .overlong }.map { issue in
            finding(playlist, line: issue.line, .error, issue.message)
        }
    }
}
