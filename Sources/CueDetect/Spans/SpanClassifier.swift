import Foundation

/// Decides which signals become spans, and of what kind. A value-type configuration
/// (Codable, so a pipeline config can carry it); a recap pattern given to `init` is compiled
/// there, so a bad pattern is reported when the configuration is loaded, not mid-stream.
public struct SpanClassifier: Equatable, Sendable {
    public enum UnmatchedChapters: String, Codable, Sendable {
        /// A Chapter Start (0x20) that is not a recap becomes an `.other` span.
        case other
        /// It is not a span at all.
        case ignore
    }

    public static let defaultRecapPattern = "recap|previously"
    /// Break, advertisement, placement opportunity and ad block starts [SCTE35 Table 23].
    public static let defaultAdStartTypes: [UInt8] = [0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46]
    /// Starts whose spans hold other spans (a break or an ad block holds individual ads).
    public static let defaultContainerTypes: [UInt8] = [0x22, 0x44, 0x46]
    public static let chapterStartType: UInt8 = 0x20

    /// Case-insensitive pattern tried on a Chapter Start's UPID text and a container chapter's title.
    public var recapPattern: String { recap.pattern }
    /// What a splice_insert out/in pair is; nil ignores splice_insert altogether.
    public var spliceInsertKind: SpanKind?
    public var adStartTypes: [UInt8]
    public var containerTypes: [UInt8]
    /// Per-type overrides; they win over `adStartTypes` and, for 0x20, over `unmatchedChapters`
    /// (but never over recap detection).
    public var extraTypes: [SegmentationTypeRule]
    public var unmatchedChapters: UnmatchedChapters
    /// SCTE 35 gives segmentation_duration no auto-return meaning, so by default a segmentation
    /// span ends only at its End descriptor (or at `finish`). `true` closes it at its planned end
    /// as soon as media time passes it, like splice_insert auto_return.
    public var segmentationAutoReturn: Bool

    private let recap: RecapMatcher

    public init(recapPattern: String = SpanClassifier.defaultRecapPattern,
                spliceInsertKind: SpanKind? = .ad,
                adStartTypes: [UInt8] = SpanClassifier.defaultAdStartTypes,
                containerTypes: [UInt8] = SpanClassifier.defaultContainerTypes,
                extraTypes: [SegmentationTypeRule] = [],
                unmatchedChapters: UnmatchedChapters = .ignore,
                segmentationAutoReturn: Bool = false) throws {
        do {
            recap = try RecapMatcher(pattern: recapPattern, compileNow: recapPattern != Self.defaultRecapPattern)
        } catch {
            throw SpanClassifierError.invalidRecapPattern(pattern: recapPattern, reason: "\(error)")
        }
        self.spliceInsertKind = spliceInsertKind
        self.adStartTypes = adStartTypes
        self.containerTypes = containerTypes
        self.extraTypes = extraTypes
        self.unmatchedChapters = unmatchedChapters
        self.segmentationAutoReturn = segmentationAutoReturn
    }

    /// The defaults described above (one value: its copies share the compiled pattern). The
    /// built-in pattern is not compiled by `init`, so this cannot fail.
    public static let standard: SpanClassifier = {
        do {
            return try SpanClassifier()
        } catch {
            preconditionFailure("the built-in recap pattern is compiled when first used: \(error)")
        }
    }()

    public func kind(for insert: SpliceInsertSignal) -> SpanKind? { spliceInsertKind }

    /// The kind of span a segmentation descriptor *starts*, or nil if it starts none.
    public func kind(forStart signal: SegmentationSignal) -> SpanKind? {
        if signal.cancel { return nil }
        let type = signal.typeID
        if type == Self.chapterStartType {
            if isRecap(signal) { return .recap }
            if let rule = rule(for: type) { return rule.kind }
            return unmatchedChapters == .other ? .other : nil
        }
        if let rule = rule(for: type) { return rule.kind }
        return adStartTypes.contains(type) ? .ad : nil
    }

    public func kind(for chapter: ChapterSignal) -> SpanKind? {
        if matchesRecapPattern(chapter.title) { return .recap }
        return unmatchedChapters == .other ? .other : nil
    }

    /// Whether some descriptor of this start type could open a span, which makes `typeID + 1`
    /// an end type whose unmatched arrivals are worth counting.
    public func canStartSpan(typeID: UInt8) -> Bool {
        if typeID == Self.chapterStartType { return true }
        if let rule = rule(for: typeID) { return rule.kind != nil }
        return adStartTypes.contains(typeID)
    }

    public func isContainer(typeID: UInt8) -> Bool { containerTypes.contains(typeID) }

    public func matchesRecapPattern(_ text: String) -> Bool { recap.matches(text) }

    /// SCR `type=PR` is the standard recap marker; a matching UPID text is the common fallback.
    private func isRecap(_ signal: SegmentationSignal) -> Bool {
        if signal.scrType?.uppercased() == "PR" { return true }
        return matchesRecapPattern(signal.upid)
    }

    private func rule(for typeID: UInt8) -> SegmentationTypeRule? {
        extraTypes.last { $0.typeID == typeID }
    }

    public static func == (lhs: SpanClassifier, rhs: SpanClassifier) -> Bool {
        lhs.recapPattern == rhs.recapPattern && lhs.spliceInsertKind == rhs.spliceInsertKind
            && lhs.adStartTypes == rhs.adStartTypes && lhs.containerTypes == rhs.containerTypes
            && lhs.extraTypes == rhs.extraTypes && lhs.unmatchedChapters == rhs.unmatchedChapters
            && lhs.segmentationAutoReturn == rhs.segmentationAutoReturn
    }
}
