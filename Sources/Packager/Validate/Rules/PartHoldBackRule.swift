/// PART-HOLD-BACK (HLS §4.4.3.8): REQUIRED when the playlist has EXT-X-PART-INF; MUST be at
/// least twice the Part Target Duration and SHOULD be at least three times it. A low-latency
/// client that starts closer to the live end stalls.
struct PartHoldBackRule: PlaylistRule {
    let id = RuleID.partHoldBack

    func check(_ playlist: Playlist) -> [Finding] {
        guard let partInf = playlist.firstTag("#EXT-X-PART-INF") else { return [] }
        let control = playlist.firstTag("#EXT-X-SERVER-CONTROL")
        guard let holdBack = control?.attributes?["PART-HOLD-BACK"], let control else {
            return [finding(playlist, line: control?.line ?? partInf.line, .error,
                            "playlist has EXT-X-PART-INF but EXT-X-SERVER-CONTROL has no PART-HOLD-BACK, which is REQUIRED then")]
        }
        guard holdBack.type.satisfies(.decimalFloat), let nanos = DecimalSeconds.nanoseconds(Substring(holdBack.value)) else {
            return [finding(playlist, line: control.line, .error,
                            "PART-HOLD-BACK=\(holdBack.raw) is not a decimal-floating-point number of seconds")]
        }
        guard let target = PartTarget.nanoseconds(partInf) else { return [] }
        let twice = target.saturatingMultiplied(by: 2), thrice = target.saturatingMultiplied(by: 3)
        if nanos < twice {
            return [finding(playlist, line: control.line, .error,
                            "PART-HOLD-BACK=\(holdBack.raw) is less than twice PART-TARGET (\(DecimalSeconds.format(twice)) s)")]
        }
        if nanos < thrice {
            return [finding(playlist, line: control.line, .warning,
                            "PART-HOLD-BACK=\(holdBack.raw) is less than three times PART-TARGET (\(DecimalSeconds.format(thrice)) s)")]
        }
        return []
    }
}
