/// One EXT-X-DATERANGE (HLS §4.4.5.1), typed. Any value can be assembled; `attributes()`
/// checks every rule of the tag and of the interstitial class and either returns the
/// canonical attribute list or throws the `DateRangeError` that names what is wrong.
public struct DateRange: Hashable, Codable, Sendable {
    public static let interstitialClass = "com.apple.hls.interstitial"

    public var id: String
    public var classValue: String?
    public var startDate: HLSDate?
    public var cue: Set<CueTrigger>
    public var endDate: HLSDate?
    public var duration: HLSDecimal?
    public var plannedDuration: HLSDecimal?
    public var endOnNext: Bool
    public var scte35Cmd: HexSequence?
    public var scte35Out: HexSequence?
    public var scte35In: HexSequence?
    /// Non-nil exactly when CLASS is the interstitial class.
    public var interstitial: InterstitialAttributes?
    public var clientAttributes: [ClientAttribute]

    public init(id: String, classValue: String? = nil, startDate: HLSDate? = nil, cue: Set<CueTrigger> = [],
                endDate: HLSDate? = nil, duration: HLSDecimal? = nil, plannedDuration: HLSDecimal? = nil,
                endOnNext: Bool = false, scte35Cmd: HexSequence? = nil, scte35Out: HexSequence? = nil,
                scte35In: HexSequence? = nil, interstitial: InterstitialAttributes? = nil,
                clientAttributes: [ClientAttribute] = []) {
        self.id = id
        self.classValue = classValue
        self.startDate = startDate
        self.cue = cue
        self.endDate = endDate
        self.duration = duration
        self.plannedDuration = plannedDuration
        self.endOnNext = endOnNext
        self.scte35Cmd = scte35Cmd
        self.scte35Out = scte35Out
        self.scte35In = scte35In
        self.interstitial = interstitial
        self.clientAttributes = clientAttributes
    }

    /// An interstitial range: sets CLASS to the interstitial class.
    public static func interstitial(id: String, startDate: HLSDate, _ attributes: InterstitialAttributes) -> DateRange {
        DateRange(id: id, classValue: interstitialClass, startDate: startDate, interstitial: attributes)
    }

    /// The end instant if the range has a known end (END-DATE or START-DATE + DURATION).
    public var knownEnd: HLSDate? {
        if let end = endDate { return end }
        if let start = startDate, let d = duration { return try? start.adding(d) }
        return nil
    }

    /// Validated attributes in canonical order.
    public func attributes() throws -> [RenderedAttribute] {
        var out: [RenderedAttribute] = []
        out.reserveCapacity(KnownAttribute.allCases.count + clientAttributes.count)
        guard !id.isEmpty else { throw DateRangeError.emptyID }
        out.append(RenderedAttribute(.id, value: try AttributeGrammar.quoted(id, attribute: "ID")))
        if let c = classValue {
            out.append(RenderedAttribute(.classValue, value: try AttributeGrammar.quoted(c, attribute: "CLASS")))
        }
        if let start = startDate { out.append(RenderedAttribute(.startDate, value: start.quotedText)) }
        if cue.contains(.pre) && cue.contains(.post) { throw DateRangeError.cueHasPreAndPost(id: id) }
        if let list = tokenList(cue) { out.append(RenderedAttribute(.cue, value: list)) }
        try checkEnd()
        if let end = endDate { out.append(RenderedAttribute(.endDate, value: end.quotedText)) }
        if let d = duration {
            out.append(RenderedAttribute(.duration, value: try AttributeGrammar.unsigned(d, attribute: "DURATION", id: id)))
        }
        if let p = plannedDuration {
            out.append(RenderedAttribute(.plannedDuration,
                                         value: try AttributeGrammar.unsigned(p, attribute: "PLANNED-DURATION", id: id)))
        }
        if endOnNext { out.append(RenderedAttribute(.endOnNext, value: "YES")) }
        if let h = scte35Cmd { out.append(RenderedAttribute(.scte35Cmd, value: h.text)) }
        if let h = scte35Out { out.append(RenderedAttribute(.scte35Out, value: h.text)) }
        if let h = scte35In { out.append(RenderedAttribute(.scte35In, value: h.text)) }
        let isInterstitialClass = classValue == DateRange.interstitialClass
        switch (interstitial, isInterstitialClass) {
        case let (attributes?, true): try attributes.rendered(id: id, into: &out)
        case (nil, true): throw DateRangeError.assetReferenceCount(id: id, found: 0)
        case (.some, false): throw DateRangeError.interstitialClassMismatch(id: id, classValue: classValue)
        case (nil, false): break
        }
        var clients: [RenderedAttribute] = []
        for attribute in clientAttributes { clients.append(try attribute.rendered(id: id)) }
        clients.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for (a, b) in zip(clients, clients.dropFirst()) where a.name == b.name {
            throw DateRangeError.duplicateAttribute(id: id, name: a.name)
        }
        out.append(contentsOf: clients)
        return out
    }

    /// The complete tag line, `#EXT-X-DATERANGE:…`.
    public func tag() throws -> String {
        dateRangeLine(try attributes())
    }

    private func checkEnd() throws {
        if endOnNext {
            if duration != nil { throw DateRangeError.endOnNextWithEnd(id: id, attribute: "DURATION") }
            if endDate != nil { throw DateRangeError.endOnNextWithEnd(id: id, attribute: "END-DATE") }
            if classValue == nil { throw DateRangeError.endOnNextWithoutClass(id: id) }
        }
        guard let end = endDate else { return }
        // Without START-DATE in this value the relation is checked against the announced tag
        // by the ledger, which always validates the full range.
        guard let start = startDate else { throw DateRangeError.missingStartDate(id: id) }
        if end < start { throw DateRangeError.endBeforeStart(id: id, start: start.text, end: end.text) }
        if let d = duration, !d.isNegative,
           start.millisecondsSinceEpoch.addingReportingOverflow(d.milliseconds) != (end.millisecondsSinceEpoch, false) {
            throw DateRangeError.endDateMismatch(id: id, start: start.text, duration: d.text, end: end.text)
        }
    }
}
