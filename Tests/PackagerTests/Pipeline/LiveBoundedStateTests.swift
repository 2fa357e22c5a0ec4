import CueDetect
import DateRangeWriter
import XCTest
@testable import Packager

/// A live channel's files and state stay bounded over weeks: extracted assets are deleted once
/// their span left every playlist and the availability time passed; used IDs are forgotten once
/// no playlist can hold them.
final class LiveBoundedStateTests: XCTestCase {
    private typealias D = Decisions
    private let t = PlannerHarness.ticks

    /// A sliding window of three segments, no extra keep time.
    private func options() -> LiveOptions {
        var o = PresentationHarness.options()
        o.windowSegments = 3
        o.keepExtra = 0
        return o
    }

    func testExtractedAssetIsDeletedOnceItsSpanLeftThePlaylistAndTheAvailabilityTimePassed() {
        var h = PresentationHarness(options: options())
        h.airOwnMediaSpanFromSixToTwelve(planned: 6)
        XCTAssertEqual(h.files["assets/ad-1001-1/seg_00000.ts"], "<media>")
        XCTAssertEqual(h.ranges("ad-1001-1").count, 1)
        // The window slides on until the span (6–12 s) lies before it.
        for i in 2..<6 { h.segment(.primary, from: Double(i) * 6, to: Double(i + 1) * 6, index: i) }
        XCTAssertEqual(h.ranges("ad-1001-1"), [], "the range left with the segments it covered")
        XCTAssertEqual(h.files["assets/ad-1001-1/index.m3u8"]?.isEmpty, false, "still available to a player that read the last playlist")
        h.now += 18.01                      // the 18 s playlist that held it, and no keep-extra
        h.tick()
        XCTAssertEqual(h.files.keys.filter { $0.hasPrefix("assets/") }.sorted(), [])
        XCTAssertEqual(h.presentation.state.assetFiles, [:])
    }

    func testAssetCutShortIsDeletedWithoutWaitingForItsRangeToLeave() {
        var h = PresentationHarness(options: options())
        h.airOwnMediaSpanFromSixToTwelve(planned: 30, endedBy: .endOfInput)
        h.now += 0.1                        // the next tick clear of the listing (`deletionQuiet`)
        h.tick()
        XCTAssertEqual(h.files.keys.filter { $0.hasPrefix("assets/") }, [], "never offered, so nothing can hold it")
    }

    func testUsedIDsOfASlidingWindowAreForgottenBeyondTheMemoryBound() {
        var ledger = DateRangeLedger()
        for n in 0..<300 {
            let start = try? HLSDate(millisecondsSinceEpoch: 1_700_000_000_000 + Int64(n) * 1000)
            var range = DateRange(id: "ad-\(n)-1", startDate: start)
            range.duration = HLSDecimal(milliseconds: 500)
            XCTAssertNoThrow(try ledger.announce(range))
        }
        guard let end = try? HLSDate(millisecondsSinceEpoch: 1_700_000_400_000) else { return XCTFail("date") }
        XCTAssertEqual(ledger.removeRanges(endingBefore: end).count, 300)
        ledger.forgetRetired(keepingLast: LivePresentation.idMemory)
        XCTAssertEqual(ledger.retiredCount, 256)
        XCTAssertThrowsError(try ledger.announce(DateRange(id: "ad-299-1", startDate: end)), "recent IDs are still refused")
        XCTAssertNoThrow(try ledger.announce(DateRange(id: "ad-0-1", startDate: end)), "the oldest are forgotten")

        var ids = InterstitialIDMaker()
        for n in 0..<300 { _ = ids.next(kind: SpanKindName(rawValue: "ad"), eventID: UInt32(n)) }
        XCTAssertEqual(ids.next(kind: SpanKindName(rawValue: "ad"), eventID: 299), "ad-299-2")
        var pruned = ids.pruned(keeping: LivePresentation.idMemory)
        XCTAssertEqual(pruned.count, 256)
        XCTAssertEqual(pruned.next(kind: SpanKindName(rawValue: "ad"), eventID: 299), "ad-299-3", "a recent stem keeps counting")
        XCTAssertEqual(pruned.next(kind: SpanKindName(rawValue: "ad"), eventID: 0), "ad-0-1", "a stem 256 breaks old starts again")
    }
}
