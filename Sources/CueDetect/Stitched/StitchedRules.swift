/// How spans that no tag describes are classified, and the tolerances of the analysis: the
/// `stitched` section of the pipeline configuration.
public struct StitchedRules: Equatable, Sendable {
    /// One classification rule: the first rule whose position and duration range match an
    /// inserted span without a tag gives its kind.
    public struct Rule: Equatable, Sendable {
        public enum Position: String, Equatable, Sendable, CaseIterable {
            case any
            /// Before the first content.
            case pre
            /// Between two stretches of content.
            case mid
            /// After the last content.
            case post
        }

        public var kind: StitchedKind
        public var position: Position
        public var minSeconds: Double?
        public var maxSeconds: Double?

        public init(kind: StitchedKind, position: Position = .any, minSeconds: Double? = nil, maxSeconds: Double? = nil) {
            self.kind = kind
            self.position = position
            self.minSeconds = minSeconds
            self.maxSeconds = maxSeconds
        }

        func matches(position: Position, seconds: Double) -> Bool {
            (self.position == .any || self.position == position)
                && (minSeconds.map { seconds >= $0 } ?? true) && (maxSeconds.map { seconds <= $0 } ?? true)
        }

        public var description: String {
            var parts: [String] = []
            if position != .any { parts.append(position == .pre ? "before the first content" : position == .post
                                                ? "after the last content" : "between content") }
            if let minSeconds { parts.append("≥ \(Self.number(minSeconds)) s") }
            if let maxSeconds { parts.append("≤ \(Self.number(maxSeconds)) s") }
            return kind.rawValue + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
        }

        private static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    }

    /// A short span before the first content is a rating notice, a longer one a recap; every
    /// other inserted span is an ad.
    public static let defaultRules: [Rule] = [
        Rule(kind: .notice, position: .pre, maxSeconds: 8),
        Rule(kind: .recap, position: .pre, maxSeconds: 300),
        Rule(kind: .ad),
    ]

    public var rules: [Rule]
    /// What a span marked by cue tags is when its SCTE-35 does not say (CUE-OUT pods are ads).
    public var taggedKind: StitchedKind
    /// Timestamps that differ by less than this continue each other; edges this close coincide.
    public var toleranceTicks: Int64
    /// Whether the media (timestamps, codec parameters) may tell inserted spans from content
    /// where no tag does.
    public var mediaDetection: Bool

    public init(rules: [Rule] = StitchedRules.defaultRules, taggedKind: StitchedKind = .ad,
                toleranceTicks: Int64 = 45_000, mediaDetection: Bool = true) {
        self.rules = rules
        self.taggedKind = taggedKind
        self.toleranceTicks = toleranceTicks
        self.mediaDetection = mediaDetection
    }

    /// The kind of an untagged inserted span, and which rule gave it (nil: no rule matched, an ad).
    func classify(position: Rule.Position, seconds: Double) -> (StitchedKind, Int?) {
        for (i, rule) in rules.enumerated() where rule.matches(position: position, seconds: seconds) { return (rule.kind, i) }
        return (.ad, nil)
    }
}
