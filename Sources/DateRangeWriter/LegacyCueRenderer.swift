import Foundation

/// Renders the lines of one `LegacyCueDialect` that go before a segment. Durations use the
/// canonical `HLSDecimal` text, SCTE-35 sections are base64 (or uppercase hex for
/// DATERANGE) of the whole splice_info_section.
public struct LegacyCueRenderer: Hashable, Sendable {
    public var dialect: LegacyCueDialect

    public init(dialect: LegacyCueDialect) {
        self.dialect = dialect
    }

    public func lines(for span: LegacyCueSpan, at position: LegacySegmentPosition) throws -> [String] {
        switch dialect {
        case .elemental: return try elemental(span, position)
        case .scte35Enhanced: return try enhanced(span, position)
        case .scte35Tag: return try scte35Tag(span, position)
        case .dateRangeSCTE35: return try dateRange(span, position)
        }
    }

    /// The break length the CUE-OUT style dialects announce: planned if known, else actual.
    private func breakDuration(_ span: LegacyCueSpan) throws -> HLSDecimal {
        guard let d = span.plannedDuration ?? span.actualDuration else {
            throw DateRangeError.missingLegacyDuration(dialect: dialect.rawValue)
        }
        guard !d.isNegative else {
            throw DateRangeError.negativeValue(id: span.id, attribute: "duration", milliseconds: d.milliseconds)
        }
        return d
    }

    private func outSection(_ span: LegacyCueSpan) throws -> String {
        guard !span.outSection.isEmpty else { throw DateRangeError.missingSection(dialect: dialect.rawValue, which: "out") }
        return Data(span.outSection).base64EncodedString()
    }

    private func elemental(_ span: LegacyCueSpan, _ position: LegacySegmentPosition) throws -> [String] {
        switch position {
        case .firstInSpan: return ["#EXT-X-CUE-OUT:" + (try breakDuration(span)).text]
        case let .continuing(elapsed): return ["#EXT-X-CUE-OUT-CONT:" + elapsed.text + "/" + (try breakDuration(span)).text]
        case .firstAfterSpan: return ["#EXT-X-CUE-IN"]
        }
    }

    private func enhanced(_ span: LegacyCueSpan, _ position: LegacySegmentPosition) throws -> [String] {
        switch position {
        case .firstInSpan:
            return ["#EXT-OATCLS-SCTE35:" + (try outSection(span)), "#EXT-X-CUE-OUT:" + (try breakDuration(span)).text]
        case let .continuing(elapsed):
            return ["#EXT-X-CUE-OUT-CONT:ElapsedTime=" + elapsed.text + ",Duration=" + (try breakDuration(span)).text
                    + ",SCTE35=" + (try outSection(span))]
        case .firstAfterSpan:
            guard let inSection = span.inSection, !inSection.isEmpty else { return ["#EXT-X-CUE-IN"] }
            return ["#EXT-OATCLS-SCTE35:" + Data(inSection).base64EncodedString(), "#EXT-X-CUE-IN"]
        }
    }

    private func scte35Tag(_ span: LegacyCueSpan, _ position: LegacySegmentPosition) throws -> [String] {
        let id = try AttributeGrammar.quoted(span.id, attribute: "ID")
        let duration = (span.plannedDuration ?? span.actualDuration).map { ",DURATION=" + $0.text } ?? ""
        switch position {
        case .firstInSpan:
            return ["#EXT-X-SCTE35:CUE=\"" + (try outSection(span)) + "\"" + duration + ",ID=" + id + ",CUE-OUT=YES"]
        case let .continuing(elapsed):
            return ["#EXT-X-SCTE35:CUE=\"" + (try outSection(span)) + "\"" + duration + ",ELAPSED=" + elapsed.text
                    + ",ID=" + id + ",CUE-OUT=CONT"]
        case .firstAfterSpan:
            // CUE is required; without an in section the out section is the best description
            // of the event being closed.
            let section = span.inSection.flatMap { $0.isEmpty ? nil : $0 } ?? span.outSection
            guard !section.isEmpty else { throw DateRangeError.missingSection(dialect: dialect.rawValue, which: "in") }
            return ["#EXT-X-SCTE35:CUE=\"" + Data(section).base64EncodedString() + "\",ID=" + id + ",CUE-IN=YES"]
        }
    }

    /// First tag at the span's first segment; the closing tag repeats ID and START-DATE
    /// verbatim and adds DURATION (actual) and SCTE35-IN. DATERANGE is not tied to a
    /// segment, so continuing segments get nothing.
    private func dateRange(_ span: LegacyCueSpan, _ position: LegacySegmentPosition) throws -> [String] {
        guard !span.outSection.isEmpty else { throw DateRangeError.missingSection(dialect: dialect.rawValue, which: "out") }
        let opening = DateRange(id: span.id, startDate: span.startDate, plannedDuration: span.plannedDuration,
                                scte35Out: HexSequence(bytes: span.outSection))
        switch position {
        case .firstInSpan:
            return [try opening.tag()]
        case .continuing:
            return []
        case .firstAfterSpan:
            var closing = opening
            closing.duration = span.actualDuration
            closing.scte35In = span.inSection.flatMap { $0.isEmpty ? nil : HexSequence(bytes: $0) }
            let openingAttributes = try opening.attributes()
            let added = try closing.attributes().filter { new in !openingAttributes.contains { $0.name == new.name } }
            let header = openingAttributes.filter { $0.name == "ID" || $0.name == "START-DATE" }
            return added.isEmpty ? [] : [dateRangeLine(header + added)]
        }
    }
}
