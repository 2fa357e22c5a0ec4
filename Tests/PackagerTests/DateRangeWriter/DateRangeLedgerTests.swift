import Foundation
import XCTest
@testable import DateRangeWriter

final class DateRangeLedgerTests: XCTestCase {
    private typealias F = DateRangeFixtures
    private let policy = InterstitialPolicy.standard
    private let uri = "X-ASSET-URI=\"https://cdn.example.com/spans/ad-1207-1/index.m3u8?_HLS_interstitial_id=ad-1207-1\""
    private let head = "#EXT-X-DATERANGE:ID=\"ad-1207-1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-11-29T16:00:00.000Z\""
    private let policyTail = ",X-RESTRICT=\"SKIP,JUMP\",X-CONTENT-MAY-VARY=\"YES\",X-TIMELINE-STYLE=\"HIGHLIGHT\""

    private func completedSpan() -> SpanDescription {
        var span = F.adSpan()
        span.actualDuration = HLSDecimal(milliseconds: 29_960)
        span.inSection = F.inSection
        return span
    }

    private func announcedAndCompleted() throws -> DateRangeLedger {
        var ledger = DateRangeLedger()
        try ledger.announce(try policy.announcement(for: F.adSpan()))
        try ledger.update(try policy.completion(for: completedSpan()))
        return ledger
    }

    func testAnnounceThenCompleteKeepsTheOriginalAndAddsAnUpdateRepeatingIDClassAndStartDate() throws {
        var ledger = DateRangeLedger()
        let original = try ledger.announce(try policy.announcement(for: F.adSpan()))
        XCTAssertEqual(original, head + ",PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex)," + uri + policyTail)
        let added = try ledger.update(try policy.completion(for: completedSpan()))
        XCTAssertEqual(added.map(\.name), ["DURATION", "SCTE35-IN", "X-RESUME-OFFSET", "X-PLAYOUT-LIMIT"])
        XCTAssertEqual(ledger.render(), [
            original,
            head + ",DURATION=29.96,SCTE35-IN=0xFC3011000A,X-RESUME-OFFSET=29.96,X-PLAYOUT-LIMIT=29.96",
        ])
    }

    func testConsolidatedStyleRendersOneTagInCanonicalOrder() throws {
        XCTAssertEqual(try announcedAndCompleted().render(style: .consolidated), [
            head + ",DURATION=29.96,PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex),SCTE35-IN=0xFC3011000A,"
                + uri + ",X-RESUME-OFFSET=29.96,X-PLAYOUT-LIMIT=29.96" + policyTail,
        ])
    }

    func testUpdateWithChangedPlannedDurationIsRejectedAndChangesNothing() throws {
        var ledger = try announcedAndCompleted()
        let before = ledger.render()
        var span = completedSpan()
        span.plannedDuration = HLSDecimal(seconds: 31)
        XCTAssertThrowsError(try ledger.update(try policy.completion(for: span))) { error in
            XCTAssertEqual(error as? DateRangeError, .changedAttribute(id: "ad-1207-1", name: "PLANNED-DURATION", published: "30", proposed: "31"))
            XCTAssertEqual("\(error)", "date range ad-1207-1: PLANNED-DURATION was published as 30 and cannot change to 31; keeping the original")
        }
        XCTAssertEqual(ledger.render(), before)
    }

    func testUpdateWithChangedStartDateIsRejected() throws {
        var ledger = try announcedAndCompleted()
        var range = try policy.completion(for: completedSpan())
        range.startDate = F.date(offsetMilliseconds: 1)
        XCTAssertThrowsError(try ledger.update(range)) { error in
            XCTAssertEqual(error as? DateRangeError, .changedAttribute(
                id: "ad-1207-1", name: "START-DATE", published: "\"\(F.startText)\"", proposed: "\"2026-11-29T16:00:00.001Z\""))
        }
    }

    func testUpdateThatDropsAPublishedAttributeIsRejected() throws {
        var ledger = try announcedAndCompleted()
        var range = try policy.completion(for: completedSpan())
        range.scte35In = nil
        XCTAssertThrowsError(try ledger.update(range)) { error in
            XCTAssertEqual(error as? DateRangeError, .droppedAttribute(id: "ad-1207-1", name: "SCTE35-IN", published: "0xFC3011000A"))
        }
    }

    func testUpdateThatAddsNothingAddsNoTag() throws {
        var ledger = try announcedAndCompleted()
        XCTAssertEqual(try ledger.update(try policy.completion(for: completedSpan())), [])
        XCTAssertEqual(ledger.render().count, 2)
    }

    func testUpdateThatMakesTheRangeIllegalIsRejected() throws {
        var ledger = try announcedAndCompleted()
        var range = try policy.completion(for: completedSpan())
        range.endDate = F.date(offsetMilliseconds: 30_000)
        XCTAssertThrowsError(try ledger.update(range)) { error in
            XCTAssertEqual(error as? DateRangeError, .endDateMismatch(
                id: "ad-1207-1", start: F.startText, duration: "29.96", end: "2026-11-29T16:00:30.000Z"))
        }
    }

    func testIDsCanBeAnnouncedOnlyOnceEvenAfterTheRangeLeftThePlaylist() throws {
        var ledger = try announcedAndCompleted()
        XCTAssertThrowsError(try ledger.announce(try policy.announcement(for: F.adSpan()))) {
            XCTAssertEqual($0 as? DateRangeError, .idAlreadyAnnounced(id: "ad-1207-1"))
        }
        XCTAssertEqual(ledger.removeRanges(endingBefore: F.date(offsetMilliseconds: 60_000)), ["ad-1207-1"])
        XCTAssertEqual(ledger.ids, [])
        XCTAssertTrue(ledger.hasUsed("ad-1207-1"))
        XCTAssertThrowsError(try ledger.announce(try policy.announcement(for: F.adSpan()))) {
            XCTAssertEqual($0 as? DateRangeError, .idAlreadyAnnounced(id: "ad-1207-1"))
        }
        XCTAssertThrowsError(try ledger.update(try policy.completion(for: completedSpan()))) {
            XCTAssertEqual($0 as? DateRangeError, .unknownID(id: "ad-1207-1"))
        }
    }

    func testFirstTagWithoutStartDateIsRejected() {
        var ledger = DateRangeLedger()
        XCTAssertThrowsError(try ledger.announce(DateRange(id: "x", classValue: "com.example"))) {
            XCTAssertEqual($0 as? DateRangeError, .missingStartDate(id: "x"))
        }
    }

    func testSaveAndRestoreGiveByteIdenticalRenderingsAndKeepRefusingUsedIDs() throws {
        var ledger = try announcedAndCompleted()
        try ledger.announce(try policy.announcement(for: F.adSpan(id: "ad-1208-1")))
        // Forgets the completed range; its ID must stay refused after the restore.
        XCTAssertEqual(ledger.removeRanges(endingBefore: F.date(offsetMilliseconds: 30_000)), ["ad-1207-1"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let saved = try encoder.encode(ledger)
        var restored = try JSONDecoder().decode(DateRangeLedger.self, from: saved)
        XCTAssertEqual(restored.render(), ledger.render())
        XCTAssertEqual(restored.render(style: .consolidated), ledger.render(style: .consolidated))
        XCTAssertEqual(try encoder.encode(restored), saved)
        var span = completedSpan()
        span.id = "ad-1208-1"
        span.extractedAssetURI = "https://cdn.example.com/spans/ad-1208-1/index.m3u8"
        XCTAssertEqual(try restored.update(try policy.completion(for: span)), try ledger.update(try policy.completion(for: span)))
        XCTAssertEqual(restored.render(), ledger.render())
        XCTAssertThrowsError(try restored.announce(try policy.announcement(for: F.adSpan()))) {
            XCTAssertEqual($0 as? DateRangeError, .idAlreadyAnnounced(id: "ad-1207-1"))
        }
    }

    func testWindowDropsOnlyRangesWhollyBeforeItsStartAndKeepsOpenOnes() throws {
        var ledger = try announcedAndCompleted()                      // ends at +29.960 s
        try ledger.announce(try policy.announcement(for: F.adSpan(id: "open")))   // no end yet
        let end = F.date(offsetMilliseconds: 29_960)
        XCTAssertEqual(ledger.tags(forWindowStarting: end).count, 3, "a range ending at the window start stays")
        let later = ledger.tags(forWindowStarting: F.date(offsetMilliseconds: 29_961))
        XCTAssertEqual(later.count, 1)
        XCTAssertTrue(later[0].hasPrefix("#EXT-X-DATERANGE:ID=\"open\""))
        XCTAssertEqual(ledger.tags(forWindowStarting: F.date(offsetMilliseconds: 86_400_000)).count, 1)
    }

    func testEndOnNextRangeEndsWhereTheNextOfItsClassStarts() throws {
        var ledger = DateRangeLedger()
        let chapter = "com.example.chapter"
        try ledger.announce(DateRange(id: "c1", classValue: chapter, startDate: F.date(), endOnNext: true))
        XCTAssertEqual(ledger.tags(forWindowStarting: F.date(offsetMilliseconds: 3_600_000)).count, 1)
        try ledger.announce(DateRange(id: "c2", classValue: chapter, startDate: F.date(offsetMilliseconds: 600_000), endOnNext: true))
        XCTAssertEqual(ledger.tags(forWindowStarting: F.date(offsetMilliseconds: 600_000)).count, 2)
        XCTAssertEqual(ledger.tags(forWindowStarting: F.date(offsetMilliseconds: 600_001)), [
            "#EXT-X-DATERANGE:ID=\"c2\",CLASS=\"com.example.chapter\",START-DATE=\"2026-11-29T16:10:00.000Z\",END-ON-NEXT=YES",
        ])
    }
}
