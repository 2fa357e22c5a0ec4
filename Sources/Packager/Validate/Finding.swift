/// One problem found in a playlist or asset list: where, which rule, how bad, and which
/// players are known to misbehave on it.
public struct Finding: Equatable, Sendable {
    public let file: String
    /// 1-based line number; 0 when the finding concerns the whole file.
    public let line: Int
    public let rule: RuleID
    public let severity: Severity
    public let message: String
    public let breaks: [Player]
    /// When `file` is not the file given on the command line: where it was referenced
    /// from (`master.m3u8:3`), so every finding leads back to the input.
    public let referencedFrom: String?

    public init(file: String, line: Int, rule: RuleID, severity: Severity, message: String, breaks: [Player] = [],
                referencedFrom: String? = nil) {
        self.file = file
        self.line = line
        self.rule = rule
        self.severity = severity
        self.message = message
        self.breaks = breaks
        self.referencedFrom = referencedFrom
    }

    func referenced(from origin: String?) -> Finding {
        guard referencedFrom == nil, let origin else { return self }
        return Finding(file: file, line: line, rule: rule, severity: severity, message: message, breaks: breaks,
                       referencedFrom: origin)
    }
}

public enum Severity: String, Sendable, Codable {
    /// Violates a MUST of the HLS rules (or a documented player requirement).
    case error
    /// Violates a SHOULD, or is legal but known to trip a player.
    case warning
}

/// Players whose documented behaviour is referenced by findings (PEERS.md table C).
public enum Player: String, CaseIterable, Sendable, Codable {
    case avFoundation = "AVFoundation"
    case hlsJS = "hls.js"
    case shaka = "Shaka"
    case media3 = "Media3"
    case bitmovin = "Bitmovin"

    public static let all: [Player] = allCases
}
