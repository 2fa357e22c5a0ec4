import Foundation

/// Renders findings for people (`file:line: error [rule-id] message (HLS §…; breaks: …)`,
/// errors first, then warnings) or for tools (one JSON object per line). Everything taken
/// from the input is printed with its control characters escaped.
public enum FindingFormatter {
    public enum Format: String, Sendable {
        case text
        case json
    }

    public static func render(_ findings: [Finding], as format: Format) -> String {
        switch format {
        case .text:
            let errors = findings.filter { $0.severity == .error }
            let warnings = findings.filter { $0.severity == .warning }
            return (errors + warnings).map(text).map { $0 + "\n" }.joined()
        case .json:
            return findings.map(json).map { $0 + "\n" }.joined()
        }
    }

    public static func text(_ finding: Finding) -> String {
        let file = PrintableText.escaped(finding.file)
        let place = finding.line > 0 ? "\(file):\(finding.line)" : file
        var notes = [finding.rule.source]
        if !finding.breaks.isEmpty { notes.append("breaks: " + finding.breaks.map(\.rawValue).joined(separator: ", ")) }
        if let origin = finding.referencedFrom { notes.append("referenced from " + PrintableText.escaped(origin)) }
        return "\(place): \(finding.severity.rawValue) [\(finding.rule.rawValue)] \(PrintableText.escaped(finding.message))"
            + " (\(notes.joined(separator: "; ")))"
    }

    /// The encoder escapes C0 controls (`\u001B`); DEL and C1 controls, which JSON allows
    /// raw but some terminals obey, are escaped the same way afterwards.
    public static func json(_ finding: Finding) -> String {
        let record = Record(file: finding.file, line: finding.line, rule: finding.rule.rawValue,
                            severity: finding.severity.rawValue, message: finding.message,
                            source: finding.rule.source, breaks: finding.breaks.map(\.rawValue),
                            referenced_from: finding.referencedFrom)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and ints cannot fail; fall back to an empty object anyway.
        guard let data = try? encoder.encode(record) else { return "{}" }
        return JSONControlEscape.apply(String(decoding: data, as: UTF8.self))
    }

    /// The findings summary line printed to stderr.
    public static func summary(_ findings: [Finding]) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        return "\(errors) error(s), \(warnings) warning(s)"
    }

    private struct Record: Encodable {
        let file: String
        let line: Int
        let rule: String
        let severity: String
        let message: String
        let source: String
        let breaks: [String]
        let referenced_from: String?
    }
}
