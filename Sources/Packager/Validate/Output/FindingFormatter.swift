import Foundation

/// Renders findings for people (`file:line: error [rule-id] message (breaks: …)`) or for
/// tools (one JSON object per line).
public enum FindingFormatter {
    public enum Format: String, Sendable {
        case text
        case json
    }

    public static func render(_ findings: [Finding], as format: Format) -> String {
        switch format {
        case .text: return findings.map(text).map { $0 + "\n" }.joined()
        case .json: return findings.map(json).map { $0 + "\n" }.joined()
        }
    }

    public static func text(_ finding: Finding) -> String {
        let place = finding.line > 0 ? "\(finding.file):\(finding.line)" : finding.file
        let breaks = finding.breaks.isEmpty ? "" : " (breaks: \(finding.breaks.map(\.rawValue).joined(separator: ", ")))"
        return "\(place): \(finding.severity.rawValue) [\(finding.rule.rawValue)] \(finding.message)\(breaks)"
    }

    public static func json(_ finding: Finding) -> String {
        let record = Record(file: finding.file, line: finding.line, rule: finding.rule.rawValue,
                            severity: finding.severity.rawValue, message: finding.message,
                            breaks: finding.breaks.map(\.rawValue))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and ints cannot fail; fall back to a bare message anyway.
        guard let data = try? encoder.encode(record) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
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
        let breaks: [String]
    }
}
