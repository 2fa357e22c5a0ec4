/// Every EXT-X-DATERANGE carries a non-empty ID (HLS §4.4.5.1); players drop a range without one.
struct DateRangeIDRule: PlaylistRule {
    let id = RuleID.daterangeID

    func check(_ playlist: Playlist) -> [Finding] {
        playlist.dateRangeTags.compactMap { tag in
            switch tag.id {
            case nil:
                return finding(playlist, line: tag.line, .error, "EXT-X-DATERANGE has no ID", breaks: Player.all)
            case ""?:
                return finding(playlist, line: tag.line, .error, "EXT-X-DATERANGE has an empty ID", breaks: Player.all)
            default:
                return nil
            }
        }
    }
}
