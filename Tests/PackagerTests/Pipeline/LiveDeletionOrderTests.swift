import XCTest
@testable import Packager

/// Removed segments are deleted at a tick away from any listing, not in the listing that made
/// them due: an unlink took 2–3 ms on a disk mounted with discard, and would be timed as the
/// listed segment's latency (and hold up the other rendition's segment of the same cut).
final class LiveDeletionOrderTests: XCTestCase {
    /// A sliding window of three 6 s segments, no extra keep time: seg_00000 may go once the
    /// window has slid past it and 6 + 18 s have passed since it was listed.
    /// `input`: a live input by default; `segments` listed at the harness's start time.
    private func harness(input: String? = nil, segments: Int = 4) -> PresentationHarness {
        var o = PresentationHarness.options()
        if let input { o.input = input }
        o.windowSegments = 3
        o.keepExtra = 0
        var h = PresentationHarness(options: o)
        for i in 0..<segments { h.segment(.primary, from: Double(i) * 6, to: Double(i + 1) * 6, index: i) }
        return h
    }

    private func deletions(_ plan: PublishPlan) -> [String] {
        plan.compactMap {
            if case .delete(let name) = $0 { return name }
            return nil
        }
    }

    func testTheListingThatMakesADeletionDueLeavesItToTheNextQuietTick() {
        var h = harness()
        h.now += 24.01
        h.segment(.primary, from: 24, to: 30, index: 4)
        XCTAssertNotNil(h.files["primary/seg_00000.ts"], "due, but not deleted by the listing")
        XCTAssertEqual(deletions(h.presentation.tick(now: h.now + LivePresentation.deletionQuiet / 2)), [],
                       "a tick right after the listing leaves it")
        h.now += 2 * LivePresentation.deletionQuiet
        h.tick()
        XCTAssertNil(h.files["primary/seg_00000.ts"])
        XCTAssertNil(h.files["primary/seg_00001.ts"], "left the window with the last listing")
        XCTAssertEqual(h.presentation.state.retention.deletableAt, [:])
    }

    func testTheFinalVersionDeletesWhatIsDue() {
        var h = harness()
        h.now += 24.01
        h.segment(.primary, from: 24, to: 30, index: 4)
        let plan = h.presentation.publishAll(final: true, now: h.now)
        XCTAssertEqual(deletions(plan), ["primary/seg_00000.ts", "primary/seg_00001.ts"])
    }

    func testAFileReadAsFastAsItGoesDeletesAtEveryTick() {
        var h = harness(input: "/media/programme.ts", segments: 9)
        h.tick()
        XCTAssertNil(h.files["primary/seg_00004.ts"], "its availability runs on its media, 54 s on by now: 24 + 6 + 18 s")
        XCTAssertNotNil(h.files["primary/seg_00006.ts"], "still in the window")
    }
}
