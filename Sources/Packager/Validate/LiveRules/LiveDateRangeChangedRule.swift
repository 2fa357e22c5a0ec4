/// A date range kept in a later version keeps every attribute it had, byte for byte; updates
/// may only add attributes (HLS §4.4.5.1). hls.js merges the versions and invalidates the
/// range on any difference.
struct LiveDateRangeChangedRule: LiveUpdateRule {
    let id = RuleID.liveDaterangeChanged

    func check(_ update: LiveUpdate) -> [Finding] {
        var findings: [Finding] = []
        for old in update.previous.dateRanges.ranges {
            guard let new = update.current.dateRanges[old.id] else { continue }
            for name in old.names {
                guard let before = old.merged[name] else { continue }
                let oldLine = old.line(of: name) ?? old.firstLine
                if let after = new.merged[name] {
                    if after.raw != before.raw {
                        findings.append(finding(update, line: new.line(of: name) ?? new.firstLine,
                            "\"\(old.id)\": \(name) changed from \(before.raw) (line \(oldLine)) to \(after.raw)", breaks: [.hlsJS]))
                    }
                } else {
                    findings.append(finding(update, line: new.firstLine,
                        "\"\(old.id)\": \(name)=\(before.raw) (line \(oldLine)) was dropped", breaks: [.hlsJS]))
                }
            }
        }
        return findings
    }
}
