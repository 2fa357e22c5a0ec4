import XCTest
@testable import Packager

final class TargetDurationTests: XCTestCase {
    func testTargetIsTheLongestSegmentRoundedToNearestSecondWithHalvesUp() {
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [584_991], requested: 2), 6)  // 6.4999 s
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [584_999], requested: 2), 6)  // 6.49998 s
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [585_000], requested: 2), 7)  // 6.5 s
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [540_540, 585_000, 90_000], requested: 6), 7)
    }

    func testTargetIsNeverBelowTheRequestedDurationRounded() {
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [180_000, 180_000], requested: 6), 6)
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [180_000], requested: 5.5), 6)
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [180_000], requested: 5.49), 5)
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [], requested: 0), 1)
        XCTAssertEqual(MediaPlaylist.targetDuration(for: [9_000], requested: .nan), 1)
    }

    func testTargetFromTicksAgreesWithRoundingTheWrittenExtinf() {
        for ticks in stride(from: Int64(584_900), through: 585_100, by: 1) {
            let written = ExtinfText.format(ticks: ticks)
            let fromText = Int64((Double(written) ?? -1).rounded(.toNearestOrAwayFromZero))
            XCTAssertEqual(TargetDuration.roundedSeconds(ticks: ticks), fromText, "\(ticks) ticks written as \(written)")
        }
    }

    func testSegmentRoundingAboveAFixedTargetIsRejectedWithItsNameAndDuration() {
        let long = PlaylistSamples.segment("live/seg42.ts", ticks: 585_000, pdt: PlaylistSamples.midnight)
        XCTAssertThrowsError(try TargetDuration.check(long, fits: 6)) { error in
            XCTAssertEqual(error as? TargetDurationError,
                           .segmentTooLong(uri: "live/seg42.ts", durationTicks: 585_000, roundedSeconds: 7, targetDuration: 6))
            XCTAssertEqual(String(describing: error),
                           "segment live/seg42.ts lasts 6.500 s (585000 ticks at 90 kHz), which rounds to 7 s, above the fixed "
                           + "EXT-X-TARGETDURATION of 6 s; the segmenter must cut it earlier (a live playlist's target duration can never change)")
        }
        let fits = PlaylistSamples.segment("live/seg43.ts", ticks: 584_999, pdt: PlaylistSamples.midnight)
        XCTAssertNoThrow(try TargetDuration.check(fits, fits: 6))
    }
}
