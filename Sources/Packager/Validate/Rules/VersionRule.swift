/// EXT-X-VERSION (HLS §8): at most one tag; at least the version the features need
/// (float EXTINF 3, BYTERANGE 4, MAP 6, …); SHOULD NOT be higher than needed.
struct VersionRule: PlaylistRule {
    let id = RuleID.version

    /// The highest version a feature of the playlist needs, and the line that needs it.
    struct Need {
        var version = 1
        var line = 0
        var reason = "no versioned features"

        mutating func raise(to version: Int, line: Int, _ reason: String) {
            guard version > self.version else { return }
            self = Need(version: version, line: line, reason: reason)
        }
    }

    func check(_ playlist: Playlist) -> [Finding] {
        let versionTags = playlist.allTags("#EXT-X-VERSION")
        var findings = versionTags.dropFirst().map {
            finding(playlist, line: $0.line, .error, "EXT-X-VERSION appears more than once")
        }
        let need = requiredVersion(playlist)
        let declared: Int
        let line: Int
        if let tag = versionTags.first {
            guard let value = tag.value.flatMap({ Int($0) }), value >= 1 else {
                findings.append(finding(playlist, line: tag.line, .error, "EXT-X-VERSION:\(tag.value ?? "") is not an integer >= 1"))
                return findings
            }
            declared = value
            line = tag.line
        } else {
            declared = 1
            line = need.line
        }
        if declared < need.version {
            findings.append(finding(playlist, line: line, .error,
                "EXT-X-VERSION is \(declared) but \(need.reason) (line \(need.line)) needs \(need.version)"))
        } else if declared > need.version, !versionTags.isEmpty {
            findings.append(finding(playlist, line: line, .warning,
                "EXT-X-VERSION is \(declared) but the playlist only needs \(need.version) (\(need.reason))"))
        }
        return findings
    }

    func requiredVersion(_ playlist: Playlist) -> Need {
        var need = Need()
        let iFramesOnly = playlist.firstTag("#EXT-X-I-FRAMES-ONLY") != nil
        for tag in playlist.tags {
            switch tag.name {
            case "#EXTINF":
                if let duration = tag.value?.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first,
                   duration.contains(".") {
                    need.raise(to: 3, line: tag.line, "a floating-point EXTINF")
                }
            case "#EXT-X-BYTERANGE":
                need.raise(to: 4, line: tag.line, "EXT-X-BYTERANGE")
            case "#EXT-X-I-FRAMES-ONLY":
                need.raise(to: 4, line: tag.line, "EXT-X-I-FRAMES-ONLY")
            case "#EXT-X-MAP":
                need.raise(to: iFramesOnly ? 5 : 6, line: tag.line, "EXT-X-MAP")
            case "#EXT-X-KEY", "#EXT-X-SESSION-KEY":
                if tag.attributes?["IV"] != nil { need.raise(to: 2, line: tag.line, "the IV attribute of \(tag.name.dropFirst())") }
                if tag.attributes?["KEYFORMAT"] != nil || tag.attributes?["KEYFORMATVERSIONS"] != nil {
                    need.raise(to: 5, line: tag.line, "KEYFORMAT of \(tag.name.dropFirst())")
                }
                if tag.attributes?["METHOD"]?.value == "SAMPLE-AES" { need.raise(to: 5, line: tag.line, "METHOD=SAMPLE-AES") }
            case "#EXT-X-DEFINE":
                need.raise(to: 8, line: tag.line, "EXT-X-DEFINE")
            case "#EXT-X-SKIP":
                need.raise(to: 9, line: tag.line, "EXT-X-SKIP")
            default:
                break
            }
        }
        return need
    }
}
