import Foundation
import Primitives

/// Reads the cue tags of every dialect a stitched playlist may carry into `CueMark`s. Values
/// are checked as they are read: a tag this reader cannot trust is refused with its line, not
/// skipped, because a silently dropped cue moves a span.
public struct CueTagReader: Sendable {
    public let classifier: SpanClassifier

    public init(classifier: SpanClassifier = .standard) {
        self.classifier = classifier
    }

    /// The tags this reader understands (the playlist parser hands these over with their line).
    public static let tagNames: Set<String> = ["EXT-X-CUE-OUT", "EXT-X-CUE-OUT-CONT", "EXT-X-CUE-IN", "EXT-X-DATERANGE",
                                               "EXT-OATCLS-SCTE35", "EXT-X-SCTE35", "EXT-X-ASSET",
                                               "EXT-X-SPLICEPOINT-SCTE35"]

    /// The marks of one tag written before segment `segment` (nil for a tag after the last
    /// segment). A tag that marks no edge (a DATERANGE without SCTE-35, a heartbeat) gives none.
    public func marks(tag: String, value: String, line: Int, segment: Int) throws -> [CueMark] {
        let at = Place(tag: tag, line: line, segment: segment, text: Self.shortened(tag, value))
        switch tag {
        case "EXT-X-CUE-OUT":
            return [at.mark(.cueOut, .out, duration: try cueOutDuration(value, at))]
        case "EXT-X-CUE-OUT-CONT":
            return [at.mark(.cueOut, .cont)]
        case "EXT-X-CUE-IN":
            return [at.mark(.cueOut, .in)]
        case "EXT-OATCLS-SCTE35", "EXT-X-SPLICEPOINT-SCTE35":
            let bytes = try base64(value, at)
            guard let edge = try sectionEdge(bytes, at) else { return [] }
            return [at.mark(tag == "EXT-OATCLS-SCTE35" ? .oatcls : .splicePoint, edge.edge, duration: edge.durationTicks,
                            kind: edge.kind, container: edge.isContainer, id: edge.id, section: bytes)]
        case "EXT-X-SCTE35":
            return try scte35(value, at)
        case "EXT-X-ASSET":
            let attributes = try attributeList(value, at)
            return [at.mark(.asset, .asset, id: attributes["CAID"] ?? attributes["ID"])]
        case "EXT-X-DATERANGE":
            return try dateRange(value, at)
        default:
            return []
        }
    }

    /// Where a tag was read, and how its marks and errors name it.
    struct Place {
        var tag: String
        var line: Int
        var segment: Int
        var text: String

        func fail(_ reason: String) -> StitchedAnalysisError { .malformedTag(line: line, tag: tag, reason: reason) }

        func mark(_ dialect: CueDialect, _ edge: CueMark.Edge, duration: Int64? = nil, kind: SpanKind? = nil,
                  container: Bool = false, id: String? = nil, section: [UInt8] = [],
                  position: CueMark.Position? = nil) -> CueMark {
            CueMark(dialect: dialect, edge: edge, position: position ?? .segment(segment), line: line, text: text,
                    durationTicks: duration, kind: kind, isContainer: container, id: id, section: section)
        }

        func seconds(_ attributes: [String: String], _ key: String) throws -> Int64? {
            guard let v = attributes[key] else { return nil }
            guard let ticks = AttributeText.seconds(v) else { throw fail("\(key) '\(v)' is not seconds") }
            return ticks
        }

        func date(_ attributes: [String: String], _ key: String) throws -> Int64? {
            guard let v = attributes[key] else { return nil }
            guard let millis = CueTagReader.millis(v) else { throw fail("\(key) '\(v)' is not an ISO 8601 date") }
            return millis
        }
    }

    private func scte35(_ value: String, _ at: Place) throws -> [CueMark] {
        let attributes = try attributeList(value, at)
        guard let cue = attributes["CUE"] else { throw at.fail("CUE (the base64 splice_info_section) is required") }
        let bytes = try base64(cue, at)
        let edge = try sectionEdge(bytes, at)
        let which: CueMark.Edge?
        switch (attributes["CUE-OUT"], attributes["CUE-IN"]) {
        case ("YES"?, _): which = .out
        case ("CONT"?, _): which = .cont
        case (_, "YES"?): which = .in
        default: which = edge?.edge
        }
        guard let which else { return [] }
        return [at.mark(.scte35, which, duration: try at.seconds(attributes, "DURATION") ?? edge?.durationTicks,
                        kind: edge?.kind, container: edge?.isContainer ?? false, id: attributes["ID"] ?? edge?.id,
                        section: bytes)]
    }

    private func dateRange(_ value: String, _ at: Place) throws -> [CueMark] {
        let attributes = try attributeList(value, at)
        guard let id = attributes["ID"] else { throw at.fail("ID is required") }
        if attributes["CLASS"] == "com.apple.hls.interstitial" { return [] }       // already an interstitial
        guard let key = ["SCTE35-OUT", "SCTE35-IN", "SCTE35-CMD"].first(where: { attributes[$0] != nil }),
              let hex = attributes[key] else { return [] }
        guard let start = try at.date(attributes, "START-DATE") else { throw at.fail("START-DATE is required with \(key)") }
        guard hex.hasPrefix("0x") || hex.hasPrefix("0X"), let bytes = HexText.bytes(hex) else {
            throw at.fail("\(key) '\(hex.prefix(24))' is not a hexadecimal-sequence")
        }
        let duration = try at.seconds(attributes, "DURATION") ?? at.seconds(attributes, "PLANNED-DURATION")
        let end = try at.date(attributes, "END-DATE")
        let edge = try sectionEdge(bytes, at)
        let which: CueMark.Edge
        switch key {
        case "SCTE35-OUT": which = .out
        case "SCTE35-IN": which = .in
        default:
            guard let e = edge?.edge else { return [] }
            which = e
        }
        if which == .in {
            // The in-point is where the range ends when the tag says so (the update form).
            let inAt = end ?? duration.map { start + $0 / 90 } ?? start
            return [at.mark(.dateRange, .in, id: id, section: bytes, position: .date(millis: inAt))]
        }
        let length = duration ?? end.map { ($0 - start) * 90 } ?? edge?.durationTicks
        return [at.mark(.dateRange, .out, duration: length, kind: edge?.kind, container: edge?.isContainer ?? false,
                        id: id, section: bytes, position: .date(millis: start))]
    }

    private func cueOutDuration(_ value: String, _ at: Place) throws -> Int64? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        if let ticks = AttributeText.seconds(trimmed) { return ticks }
        return try at.seconds(try attributeList(trimmed, at), "DURATION")
    }

    private func attributeList(_ value: String, _ at: Place) throws -> [String: String] {
        do {
            return try AttributeText.parse(Substring(value))
        } catch let problem as AttributeText.Problem {
            throw at.fail(problem.reason)
        }
    }

    private func base64(_ text: String, _ at: Place) throws -> [UInt8] {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        guard !trimmed.isEmpty, let data = Data(base64Encoded: trimmed) else {
            throw at.fail("'\(trimmed.prefix(24))' is not base64")
        }
        return [UInt8](data)
    }

    private func sectionEdge(_ bytes: [UInt8], _ at: Place) throws -> SectionEdge? {
        do {
            return try SectionEdge.read(bytes, classifier: classifier)
        } catch SectionEdge.Failure.badCRC {
            throw at.fail("its splice_info_section fails the CRC_32 check")
        } catch SectionEdge.Failure.undecodable(let reason) {
            throw at.fail("its splice_info_section cannot be decoded (\(reason))")
        }
    }

    static func shortened(_ tag: String, _ value: String) -> String {
        let full = value.isEmpty ? "#" + tag : "#" + tag + ":" + value
        return full.count > 72 ? String(full.prefix(71)) + "…" : full
    }

    /// ISO 8601 with or without fractional seconds, as ms since 1970.
    static func millis(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }
}

extension CueTagReader {
    /// The mark of an in-band cue found in segment `segment` (whose URI is at `line`): at its
    /// splice time in that segment's own timestamps. Undecodable or bad-CRC sections are never
    /// trusted (the cue report lists them); heartbeats and cancels mark nothing.
    public func inBandMark(_ cue: DetectedCue, segment: Int, line: Int) -> CueMark? {
        guard let ticks = cue.effectiveTicks, let edge = try? SectionEdge.read(cue.bytes, classifier: classifier) else { return nil }
        let text = "in-band \(cue.commandName) (\(edge.id))" + (cue.origin.pidText.map { " on PID \($0)" } ?? "")
        return CueMark(dialect: .inBand, edge: edge.edge, position: .media(ticks: ticks, segment: segment), line: line,
                       text: text, durationTicks: edge.durationTicks, kind: edge.kind, isContainer: edge.isContainer,
                       id: edge.id, section: cue.bytes)
    }
}

private extension CueOrigin {
    var pidText: String? {
        if case .transportStream(let pid) = self { return HexText.prefixed(UInt64(pid), digits: 4) }
        return nil
    }
}
