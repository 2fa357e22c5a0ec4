/// START-DATE, END-DATE and EXT-X-PROGRAM-DATE-TIME are ISO-8601 dates; they SHOULD carry a
/// time zone and millisecond precision (HLS §4.4.4.6, §4.4.5.1). Media3 rejects `±hh`
/// offsets without minutes (androidx/media#2929).
struct DateFormatRule: PlaylistRule {
    let id = RuleID.dateFormat

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for tag in playlist.dateRangeTags {
            for name in ["START-DATE", "END-DATE"] {
                guard let attribute = tag.attributes[name] else { continue }
                findings += problems("\(name)=\(attribute.raw)", text: attribute.value, line: tag.line, playlist: playlist)
            }
        }
        for pdt in playlist.programDateTimes {
            findings += problems("EXT-X-PROGRAM-DATE-TIME:\(pdt.raw)", text: pdt.raw, line: pdt.line, playlist: playlist)
        }
        return findings
    }

    private func problems(_ what: String, text: String, line: Int, playlist: Playlist) -> [Finding] {
        guard let date = Timestamp.parse(text) else {
            return [finding(playlist, line: line, .error, "\(what) is not an ISO-8601 date-time YYYY-MM-DDThh:mm:ss[.SSS][Z|±hh:mm] (years \(Timestamp.supportedYears.lowerBound)–\(Timestamp.supportedYears.upperBound))", breaks: [.avFoundation, .hlsJS])]
        }
        var findings: [Finding] = []
        switch date.zone {
        case .none:
            findings.append(finding(playlist, line: line, .warning, "\(what) has no time zone"))
        case .hoursOnlyOffset:
            findings.append(finding(playlist, line: line, .warning,
                                    "\(what) has an hours-only UTC offset; write ±hh:mm or Z", breaks: [.media3]))
        case .zulu, .offset:
            break
        }
        if date.fractionDigits < 3 {
            findings.append(finding(playlist, line: line, .warning, "\(what) has less than millisecond precision"))
        }
        return findings
    }
}
