import XCTest
@testable import Packager

final class MediaPlaylistRuleTests: XCTestCase {
    func testSegmentRoundingAboveTargetDurationIsRejected() throws {
        try assertFindings("broken/target-duration.m3u8", ["target-duration@7 error"])
    }

    func testMapWithVersionThreeIsTooLow() throws {
        try assertFindings("broken/version-too-low.m3u8", ["version@2 error"])
        let findings = try ValidateFixtures.validate("broken/version-too-low.m3u8")
        XCTAssertEqual(findings.first?.message, "EXT-X-VERSION is 3 but EXT-X-MAP (line 4) needs 6")
    }

    func testVersionAboveWhatIsNeededWarns() throws {
        try assertFindings("broken/version-too-high.m3u8", ["version@2 warning"])
    }

    func testMediaSequenceAfterFirstSegmentIsRejected() throws {
        try assertFindings("broken/media-sequence.m3u8", ["media-sequence@7 error"])
    }

    func testSegmentWithoutExtinfIsRejected() throws {
        try assertFindings("broken/segment-extinf.m3u8", ["segment-extinf@7 error"])
    }

    func testMasterReferencingMissingMediaPlaylistReportsItsLine() throws {
        let findings = try ValidateFixtures.validate("broken/reference-missing/master.m3u8")
        XCTAssertEqual(ValidateFixtures.summary(findings), ["broken/reference-missing/master.m3u8 reference-missing@3 error"])
    }

    func testVariantsWithDifferentDurationBytesBreakTheDateRangeSet() throws {
        let findings = try ValidateFixtures.validate("broken/daterange-set-equal/master.m3u8")
        XCTAssertEqual(findings.map(\.message), ["\"ad1\": DURATION=6.000 differs from 6.0 in \(ValidateFixtures.path("broken/daterange-set-equal/a.m3u8"))"])
    }

    func testHoldBackBelowThreeTargetDurationsIsRejected() throws {
        try assertFindings("broken/hold-back.m3u8", ["hold-back@4 error"])
    }

    func testLiveStartOffsetNearTheEndWarns() throws {
        try assertFindings("broken/start-offset.m3u8", ["start-offset@4 warning"])
    }

    func testVariantsWithDifferentTargetDurationsAreRejected() throws {
        let findings = try ValidateFixtures.validate("broken/variant-consistency")
        XCTAssertEqual(ValidateFixtures.summary(findings), ["broken/variant-consistency/b.m3u8 variant-consistency@3 error"])
    }
}
