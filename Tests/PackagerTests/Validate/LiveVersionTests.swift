import XCTest
@testable import Packager

final class LiveVersionTests: XCTestCase {
    private func liveSummary(_ versions: [String]) throws -> [String] {
        let findings = try ValidateFixtures.validateLive(versions.map { "live/" + $0 })
        return ValidateFixtures.summary(findings)
    }

    func testMediaSequenceAdvancingMoreThanSegmentsRemovedIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "media-sequence-v2.m3u8"]),
                       ["live/media-sequence-v2.m3u8 live-media-sequence@4 error"])
    }

    func testChangedSegmentInsideTheWindowIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "segment-changed-v2.m3u8"]),
                       ["live/segment-changed-v2.m3u8 live-media-sequence@14 error"])
    }

    func testDiscontinuitySequenceNotIncrementedWhenTagLeavesIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "valid-v2.m3u8", "discontinuity-sequence-v3.m3u8"]),
                       ["live/discontinuity-sequence-v3.m3u8 live-discontinuity-sequence@5 error"])
    }

    func testTargetDurationChangeIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "target-duration-v2.m3u8"]),
                       ["live/target-duration-v2.m3u8 live-target-duration@3 error"])
    }

    func testRemovingSegmentsBelowThreeTargetDurationsIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "window-v2.m3u8"]),
                       ["live/window-v2.m3u8 live-window@8 error"])
    }

    func testUpdateWithChangedPlannedDurationIsRejected() throws {
        XCTAssertEqual(try liveSummary(["v1.m3u8", "daterange-changed-v2.m3u8"]),
                       ["live/daterange-changed-v2.m3u8 live-daterange-changed@6 error"])
    }

    func testRemovingARangeThatStillCoversTheWindowIsRejected() throws {
        let findings = try ValidateFixtures.validateLive(["live/valid-v2.m3u8", "live/daterange-removed-v3.m3u8"])
        XCTAssertEqual(ValidateFixtures.summary(findings), ["live/daterange-removed-v3.m3u8 live-daterange-removed@0 error"])
        XCTAssertTrue(findings.first?.message.hasPrefix("date range \"ad1\" (line 6) was removed but ends 12.000 s after the first segment starts") ?? false)
    }

    func testRemovingAnOpenEndedRangeIsRejected() throws {
        XCTAssertEqual(try liveSummary(["open-v1.m3u8", "open-removed-v2.m3u8"]),
                       ["live/open-removed-v2.m3u8 live-daterange-removed@0 error"])
    }

    func testEventPlaylistThatRemovesSegmentsIsRejected() throws {
        XCTAssertEqual(try liveSummary(["event-v1.m3u8", "event-v2.m3u8"]),
                       ["live/event-v2.m3u8 live-playlist-type@6 error"])
    }

    func testVODPlaylistThatChangesIsRejected() throws {
        XCTAssertEqual(try liveSummary(["vod-v1.m3u8", "vod-v2.m3u8"]),
                       ["live/vod-v2.m3u8 live-playlist-type@6 error"])
    }

    func testLiveNeedsTwoVersions() {
        XCTAssertThrowsError(try LiveVersionValidator.validate(paths: ["a.m3u8"])) { error in
            XCTAssertEqual(error as? ValidateError, .tooFewVersions(count: 1))
        }
    }
}
