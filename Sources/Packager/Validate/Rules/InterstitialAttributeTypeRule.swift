/// Interstitial attributes have the types and values of HLS Appendix D.2; note that
/// X-SKIP-CONTROL-OFFSET/-DURATION are integers, not floats.
struct InterstitialAttributeTypeRule: PlaylistRule {
    let id = RuleID.interstitialAttrType

    static let expectations: [String: AttributeExpectation] = [
        "X-ASSET-URI": .init(shape: .type(.quotedString), breaks: [.avFoundation, .hlsJS]),
        "X-ASSET-LIST": .init(shape: .type(.quotedString), breaks: [.avFoundation, .hlsJS]),
        "X-RESUME-OFFSET": .init(shape: .type(.signedDecimalFloat)),
        "X-PLAYOUT-LIMIT": .init(shape: .type(.decimalFloat)),
        "X-SNAP": .init(shape: .tokenList(["OUT", "IN"])),
        "X-RESTRICT": .init(shape: .tokenList(["SKIP", "JUMP"])),
        "X-CONTENT-MAY-VARY": .init(shape: .quotedChoice(["YES", "NO"])),
        "X-TIMELINE-OCCUPIES": .init(shape: .quotedChoice(["POINT", "RANGE"])),
        "X-TIMELINE-STYLE": .init(shape: .quotedChoice(["HIGHLIGHT", "PRIMARY"])),
        // Shaka Player implements skip controls (PR #7467).
        "X-SKIP-CONTROL-OFFSET": .init(shape: .type(.decimalInteger), breaks: [.shaka]),
        "X-SKIP-CONTROL-DURATION": .init(shape: .type(.decimalInteger), breaks: [.shaka]),
        "X-SKIP-CONTROL-LABEL-ID": .init(shape: .type(.quotedString), breaks: [.shaka]),
    ]

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges where range.isInterstitial {
            for tag in range.tags {
                for attribute in tag.attributes.attributes {
                    guard let expectation = Self.expectations[attribute.name] else { continue }
                    var problems = expectation.problems(attribute)
                    if attribute.name == "X-SKIP-CONTROL-LABEL-ID", problems.isEmpty, !isLabelID(attribute.value) {
                        problems.append((.error, "X-SKIP-CONTROL-LABEL-ID must contain only [a-zA-Z_-], found \(attribute.raw)"))
                    }
                    for (severity, message) in problems {
                        findings.append(finding(playlist, line: tag.line, severity, message, breaks: expectation.breaks))
                    }
                }
            }
        }
        return findings
    }

    private func isLabelID(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45 }
    }
}
