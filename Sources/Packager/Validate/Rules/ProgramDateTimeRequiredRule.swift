/// A playlist with any EXT-X-DATERANGE MUST contain EXT-X-PROGRAM-DATE-TIME (HLS §4.4.5.1);
/// hls.js and AVFoundation place ranges on the timeline through it.
struct ProgramDateTimeRequiredRule: PlaylistRule {
    let id = RuleID.pdtRequired

    func check(_ playlist: Playlist) -> [Finding] {
        guard let first = playlist.dateRangeTags.first, playlist.programDateTimes.isEmpty else { return [] }
        return [finding(playlist, line: first.line, .error,
                        "playlist has EXT-X-DATERANGE but no EXT-X-PROGRAM-DATE-TIME", breaks: [.hlsJS, .avFoundation])]
    }
}
