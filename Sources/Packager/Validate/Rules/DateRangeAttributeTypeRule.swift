/// Base EXT-X-DATERANGE attributes have the types of HLS §4.4.5.1; X- attributes are
/// quoted-string, hexadecimal-sequence or signed-decimal-floating-point. Interstitial
/// attributes are checked by `InterstitialAttributeTypeRule`.
struct DateRangeAttributeTypeRule: PlaylistRule {
    let id = RuleID.daterangeAttrType

    static let expectations: [String: AttributeExpectation] = [
        "ID": .init(shape: .type(.quotedString), breaks: [.hlsJS]),
        "CLASS": .init(shape: .type(.quotedString)),
        "START-DATE": .init(shape: .type(.quotedString), breaks: [.hlsJS]),
        "END-DATE": .init(shape: .type(.quotedString)),
        // hls.js marks a range with a negative duration invalid.
        "DURATION": .init(shape: .type(.decimalFloat), breaks: [.hlsJS]),
        "PLANNED-DURATION": .init(shape: .type(.decimalFloat), breaks: [.hlsJS]),
        "CUE": .init(shape: .tokenList(["PRE", "POST", "ONCE"])),
        "SCTE35-CMD": .init(shape: .type(.hexadecimalSequence)),
        "SCTE35-OUT": .init(shape: .type(.hexadecimalSequence)),
        "SCTE35-IN": .init(shape: .type(.hexadecimalSequence)),
        "END-ON-NEXT": .init(shape: .type(.enumeratedString)),
    ]

    func check(_ playlist: Playlist) -> [Finding] {
        var findings: [Finding] = []
        for range in playlist.dateRanges.ranges {
            for tag in range.tags {
                for attribute in tag.attributes.attributes {
                    let expectation: AttributeExpectation
                    if let known = Self.expectations[attribute.name] {
                        expectation = known
                    } else if attribute.name.hasPrefix("X-") {
                        if range.isInterstitial, InterstitialAttributeTypeRule.expectations[attribute.name] != nil { continue }
                        expectation = AttributeExpectation(shape: .clientAttribute)
                    } else {
                        continue
                    }
                    for (severity, message) in expectation.problems(attribute) {
                        findings.append(finding(playlist, line: tag.line, severity, message, breaks: expectation.breaks))
                    }
                }
            }
        }
        return findings
    }
}
