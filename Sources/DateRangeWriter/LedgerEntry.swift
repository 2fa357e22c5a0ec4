/// What the ledger remembers about one ID: the exact attributes of the first tag and of
/// every update, plus the rendered lines (derived, so not stored when saving).
struct LedgerEntry: Codable, Sendable {
    let id: String
    let original: [RenderedAttribute]
    /// Attributes each accepted update added, in the order of the updates.
    private(set) var additions: [[RenderedAttribute]]
    let classValue: String?
    let startMilliseconds: Int64
    private(set) var endMilliseconds: Int64?
    private(set) var endsOnNext: Bool

    private(set) var originalLine: String
    private(set) var updateLines: [String]

    private enum CodingKeys: String, CodingKey {
        case id, original, additions, classValue, startMilliseconds, endMilliseconds, endsOnNext
    }

    init(range: DateRange, attributes: [RenderedAttribute], start: HLSDate) {
        id = range.id
        original = attributes
        additions = []
        classValue = range.classValue
        startMilliseconds = start.millisecondsSinceEpoch
        endMilliseconds = range.knownEnd?.millisecondsSinceEpoch
        endsOnNext = range.endOnNext
        originalLine = dateRangeLine(attributes)
        updateLines = []
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        original = try c.decode([RenderedAttribute].self, forKey: .original)
        additions = try c.decode([[RenderedAttribute]].self, forKey: .additions)
        classValue = try c.decodeIfPresent(String.self, forKey: .classValue)
        startMilliseconds = try c.decode(Int64.self, forKey: .startMilliseconds)
        endMilliseconds = try c.decodeIfPresent(Int64.self, forKey: .endMilliseconds)
        endsOnNext = try c.decode(Bool.self, forKey: .endsOnNext)
        originalLine = dateRangeLine(original)
        updateLines = []
        for added in additions { appendLines(for: added) }
    }

    /// Every attribute published so far, first tag first.
    var published: [RenderedAttribute] { original + additions.joined() }

    /// ID, CLASS and START-DATE copied from the first tag: repeated verbatim in update tags
    /// so that parsers which need START-DATE in every tag (older Media3) and parsers which
    /// compare repeated values as strings (hls.js) both accept the update.
    var header: ArraySlice<RenderedAttribute> {
        original.prefix { $0.name == "ID" || $0.name == "CLASS" || $0.name == "START-DATE" }
    }

    mutating func add(_ added: [RenderedAttribute], updated range: DateRange) {
        additions.append(added)
        endMilliseconds = range.knownEnd?.millisecondsSinceEpoch
        endsOnNext = range.endOnNext
        appendLines(for: added)
    }

    private mutating func appendLines(for added: [RenderedAttribute]) {
        updateLines.append(dateRangeLine(header + added))
    }

    /// One tag with everything published, in canonical order. Built on demand: most
    /// channels render the original-plus-updates form, and entries are few per window.
    var consolidatedLine: String {
        additions.isEmpty ? originalLine : dateRangeLine(published.sorted(by: RenderedAttribute.precedes))
    }
}
