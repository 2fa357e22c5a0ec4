import XCTest
@testable import DateRangeWriter

/// Random announce/update sequences (valid and invalid) against a model of what was
/// published: an update is accepted exactly when the range is legal on its own and repeats
/// every published attribute byte for byte; every attribute and every line ever published
/// stays in every later rendering; a rejected call changes nothing.
final class DateRangeLedgerPropertyTests: XCTestCase {
    private typealias F = DateRangeFixtures
    private let ids = ["a", "b", "c"]

    func testPublishedAttributesNeverChangeOverRandomAnnounceUpdateSequences() throws {
        var rng = SplitMix64(seed: 20_261_129)
        var accepted = 0
        var rejected = 0
        for sequence in 0..<2_000 {
            var ledger = DateRangeLedger()
            var model: [String: [String: String]] = [:]
            var current: [String: DateRange] = [:]
            var everRendered: [String] = []
            for step in 0..<(4 + Int(rng.next() % 8)) {
                let context = "sequence \(sequence) step \(step)"
                let id = ids[Int(rng.next() % UInt64(ids.count))]
                let before = ledger.render()
                let beforeConsolidated = ledger.render(style: .consolidated)
                let announce = current[id] == nil ? rng.next() % 4 != 0 : rng.next() % 8 == 0
                let range = announce ? randomRange(id: id, rng: &rng) : mutated(current[id], id: id, rng: &rng)
                let proposed = try? range.attributes()
                do {
                    if announce {
                        try ledger.announce(range)
                        XCTAssertNil(model[id], "re-announce of \(id) accepted, \(context)")
                        model[id] = dictionary(proposed ?? [])
                    } else {
                        let added = try ledger.update(range)
                        let values = dictionary(proposed ?? [])
                        for (name, value) in model[id] ?? [:] {
                            XCTAssertEqual(values[name], value, "update changing or dropping \(name) accepted, \(context)")
                        }
                        let expected = (proposed ?? []).filter { model[id]?[$0.name] == nil }
                        XCTAssertEqual(added, expected, context)
                        for attribute in added { model[id]?[attribute.name] = attribute.value }
                    }
                    XCTAssertNotNil(proposed, "illegal range accepted, \(context)")
                    current[id] = range
                    accepted += 1
                } catch let error as DateRangeError {
                    rejected += 1
                    XCTAssertEqual(ledger.render(), before, "rejected call changed the rendering, \(context)")
                    XCTAssertEqual(ledger.render(style: .consolidated), beforeConsolidated, context)
                    checkRejection(error, announce: announce, id: id, proposed: proposed, model: model, context: context)
                }
                let lines = ledger.render()
                for line in everRendered { XCTAssertTrue(lines.contains(line), "line vanished: \(line), \(context)") }
                everRendered = lines
                check(ledger, against: model, context: context)
            }
        }
        XCTAssertGreaterThan(accepted, 5_000)
        XCTAssertGreaterThan(rejected, 3_000)
    }

    /// A rejection must be justified: the range was illegal, the ID was taken or unknown,
    /// or the update changed or dropped exactly what the error names.
    private func checkRejection(_ error: DateRangeError, announce: Bool, id: String, proposed: [RenderedAttribute]?,
                                model: [String: [String: String]], context: String) {
        guard let proposed else { return }
        let values = dictionary(proposed)
        switch error {
        case .idAlreadyAnnounced:
            XCTAssertTrue(announce && model[id] != nil, context)
        case .unknownID:
            XCTAssertTrue(!announce && model[id] == nil, context)
        case .missingStartDate:
            XCTAssertTrue(announce && values["START-DATE"] == nil, context)
        case let .changedAttribute(_, name, published, new):
            XCTAssertEqual(model[id]?[name], published, context)
            XCTAssertEqual(values[name], new, context)
            XCTAssertNotEqual(published, new, context)
        case let .droppedAttribute(_, name, published):
            XCTAssertEqual(model[id]?[name], published, context)
            XCTAssertNil(values[name], context)
        default:
            XCTFail("legal range rejected with \(error), \(context)")
        }
        if !announce, let published = model[id] {
            let consistent = published.allSatisfy { values[$0.key] == $0.value }
            XCTAssertFalse(consistent, "consistent update rejected with \(error), \(context)")
        }
    }

    private func check(_ ledger: DateRangeLedger, against model: [String: [String: String]], context: String) {
        let lines = ledger.render().map(parse)
        let consolidated = ledger.render(style: .consolidated).map(parse)
        for (id, published) in model {
            let quotedID = "\"\(id)\""
            let tags = lines.filter { $0.first?.value == quotedID }
            for (name, value) in published {
                XCTAssertTrue(tags.contains { $0.contains(RenderedAttribute(name: name, value: value)) }, "\(id) \(name), \(context)")
                XCTAssertTrue(tags.allSatisfy { tag in tag.allSatisfy { $0.name != name || $0.value == value } }, context)
            }
            let single = consolidated.filter { $0.first?.value == quotedID }
            XCTAssertEqual(single.count, 1, context)
            XCTAssertEqual(single.first.map(dictionary), published, context)
            XCTAssertEqual(ledger.publishedAttributes(for: id).map(dictionary), published, context)
        }
    }

    private func dictionary(_ attributes: [RenderedAttribute]) -> [String: String] {
        Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Splits `#EXT-X-DATERANGE:` attribute lists at commas outside quotes.
    private func parse(_ line: String) -> [RenderedAttribute] {
        var result: [RenderedAttribute] = []
        var current = ""
        var inQuotes = false
        func flush() {
            if let eq = current.firstIndex(of: "=") {
                result.append(RenderedAttribute(name: String(current[..<eq]), value: String(current[current.index(after: eq)...])))
            }
            current = ""
        }
        for ch in line.dropFirst("#EXT-X-DATERANGE:".count) {
            if ch == "\"" { inQuotes.toggle() }
            if ch == "," && !inQuotes { flush() } else { current.append(ch) }
        }
        flush()
        return result
    }

    private func pick<T>(_ options: [T], _ rng: inout SplitMix64) -> T {
        options[Int(rng.next() % UInt64(options.count))]
    }

    private func chance(_ rng: inout SplitMix64, _ percent: UInt64) -> Bool { rng.next() % 100 < percent }

    private func randomRange(id: String, rng: inout SplitMix64) -> DateRange {
        var attributes = InterstitialAttributes()
        switch rng.next() % 20 {
        case 0: attributes.assetURI = "relative/\(id).m3u8"          // illegal: relative
        case 1: break                                                 // illegal: no asset reference
        case 2, 3, 4, 5: attributes.assetList = "https://ads.example.com/\(id).json"
        default: attributes.assetURI = "https://cdn.example.com/\(id)/index.m3u8"
        }
        if chance(&rng, 40) { attributes.restrict = pick([[.skip], [.jump], [.skip, .jump]], &rng) }
        if chance(&rng, 30) { attributes.timelineStyle = pick(TimelineStyle.allCases, &rng) }
        if chance(&rng, 20) { attributes.resumeOffset = HLSDecimal(milliseconds: Int64(rng.next() % 60_000)) }
        var range = DateRange.interstitial(id: id, startDate: F.date(offsetMilliseconds: Int64(rng.next() % 3_600_000)), attributes)
        if chance(&rng, 50) { range.plannedDuration = HLSDecimal(milliseconds: Int64(rng.next() % 120_000)) }
        if chance(&rng, 20) { range.duration = HLSDecimal(milliseconds: Int64(rng.next() % 120_000) - 2_000) }
        if chance(&rng, 40) { range.scte35Out = HexSequence(bytes: [0xFC, UInt8(truncatingIfNeeded: rng.next())]) }
        if chance(&rng, 10) { range.cue = pick([[.once], [.pre], [.pre, .post]], &rng) }
        if chance(&rng, 3) { range.startDate = nil }
        return range
    }

    /// The current full range with one random edit: add, change, drop, make illegal or
    /// leave as is. Starts from scratch for IDs never accepted (testing unknown-ID updates).
    private func mutated(_ base: DateRange?, id: String, rng: inout SplitMix64) -> DateRange {
        guard var range = base else { return randomRange(id: id, rng: &rng) }
        let start = range.startDate ?? F.date()
        switch rng.next() % 12 {
        case 0: // add or keep DURATION, sometimes negative
            if range.duration == nil { range.duration = HLSDecimal(milliseconds: Int64(rng.next() % 120_000) - 1_000) }
        case 1: // add END-DATE, consistent with DURATION only sometimes
            if range.endDate == nil {
                let length = chance(&rng, 70) ? (range.duration?.milliseconds ?? Int64(rng.next() % 60_000)) : Int64(rng.next() % 60_000)
                range.endDate = try? start.adding(HLSDecimal(milliseconds: length))
            }
        case 2:
            if range.scte35In == nil { range.scte35In = HexSequence(bytes: [0xFC, UInt8(truncatingIfNeeded: rng.next())]) }
        case 3:
            if range.interstitial?.playoutLimit == nil {
                range.interstitial?.playoutLimit = HLSDecimal(milliseconds: Int64(rng.next() % 60_000) - 500)
            }
        case 4:
            range.clientAttributes.append(ClientAttribute(name: "X-COM-EXAMPLE-\(rng.next() % 4)", value: .decimal(HLSDecimal(milliseconds: Int64(rng.next() % 9)))))
        case 5: // change PLANNED-DURATION (or add it)
            range.plannedDuration = HLSDecimal(milliseconds: (range.plannedDuration?.milliseconds ?? 0) + Int64(rng.next() % 3))
        case 6: // change START-DATE by a millisecond, or not
            range.startDate = try? start.adding(HLSDecimal(milliseconds: Int64(rng.next() % 2)))
        case 7: // drop something
            switch rng.next() % 4 {
            case 0: range.plannedDuration = nil
            case 1: range.scte35Out = nil
            case 2: range.interstitial?.restrict = []
            default: if !range.clientAttributes.isEmpty { range.clientAttributes.removeLast() }
            }
        case 8: // change the restriction set
            range.interstitial?.restrict = pick([[], [.skip], [.jump], [.skip, .jump]], &rng)
        case 9:
            range.cue = pick([[], [.once], [.pre, .post]], &rng)
        case 10:
            range.interstitial?.timelineOccupies = pick(TimelineOccupies.allCases, &rng)
        default:
            break
        }
        return range
    }
}
