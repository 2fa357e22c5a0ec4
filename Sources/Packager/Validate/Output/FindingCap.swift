/// At most `perRule` findings of one rule in one file are kept; the rest become one line
/// `… and N more [rule] finding(s) in this file` right after the last one kept, so a
/// hostile playlist cannot produce megabytes of output. Linear in the findings.
enum FindingCap {
    private struct Key: Hashable {
        let file: String
        let rule: RuleID
    }

    private struct Overflow {
        var count = 0
        var severity = Severity.warning
        var referencedFrom: String?
    }

    static func apply(_ findings: [Finding], perRule: Int) -> [Finding] {
        guard perRule > 0 else { return findings }
        var kept: [Key: Int] = [:]
        var lastKept: [Key: Int] = [:]
        var overflow: [Key: Overflow] = [:]
        var output: [Finding] = []
        for finding in findings {
            let key = Key(file: finding.file, rule: finding.rule)
            let count = kept[key, default: 0]
            if count < perRule {
                kept[key] = count + 1
                output.append(finding)
                lastKept[key] = output.count - 1
            } else {
                var entry = overflow[key] ?? Overflow()
                entry.count += 1
                if finding.severity == .error { entry.severity = .error }
                entry.referencedFrom = entry.referencedFrom ?? finding.referencedFrom
                overflow[key] = entry
            }
        }
        let inserts = overflow.compactMap { key, entry in lastKept[key].map { (after: $0, key: key, entry: entry) } }
        for insert in inserts.sorted(by: { $0.after > $1.after }) {
            output.insert(Finding(file: insert.key.file, line: 0, rule: insert.key.rule, severity: insert.entry.severity,
                                  message: "… and \(insert.entry.count) more [\(insert.key.rule.rawValue)] finding(s) in this file",
                                  referencedFrom: insert.entry.referencedFrom),
                          at: insert.after + 1)
        }
        return output
    }
}
