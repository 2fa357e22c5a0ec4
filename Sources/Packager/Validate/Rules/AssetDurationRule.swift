/// If given, an interstitial's DURATION (else PLANNED-DURATION) SHOULD equal the duration
/// of its asset(s) (HLS D.2). Checked when the assets resolve to local files.
struct AssetDurationRule {
    /// Asset durations are JSON numbers or sums of EXTINF; a millisecond absorbs rounding.
    private let tolerance = 0.001

    func check(_ range: PlaylistDateRange, in playlist: Playlist, line: Int, assetSeconds: Double) -> [Finding] {
        guard let attribute = range.merged["DURATION"] ?? range.merged["PLANNED-DURATION"],
              let nanos = DecimalSeconds.nanoseconds(Substring(attribute.value))
        else { return [] }
        let seconds = Double(nanos) / 1e9
        guard abs(seconds - assetSeconds) > tolerance else { return [] }
        let assets = (assetSeconds * 1000).rounded() / 1000
        return [Finding(file: playlist.file, line: line, rule: .assetDuration, severity: .warning,
                        message: "interstitial \"\(range.id)\": \(attribute.name)=\(attribute.raw) but its assets last \(assets) s")]
    }
}
