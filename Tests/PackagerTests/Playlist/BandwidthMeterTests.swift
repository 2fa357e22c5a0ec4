import XCTest
@testable import Packager

final class BandwidthMeterTests: XCTestCase {
    func testWithoutTargetPeakIsTheHighestSingleSegmentRateRoundedUp() {
        var meter = BandwidthMeter()
        meter.add(bytes: 750_000, durationTicks: 540_000)  // 6 s → 1 000 000 bit/s
        XCTAssertEqual(meter.peak, 1_000_000)
        meter.add(bytes: 100_000, durationTicks: 90_000)  // 1 s → 800 000 bit/s
        meter.add(bytes: 1_000, durationTicks: 7)  // 8 000 bits in 7/90000 s → 102 857 142.86…
        XCTAssertEqual(meter.peak, 102_857_143)
        XCTAssertEqual(meter.average, 972_561)  // 6 808 000 bits over 630 007 ticks, rounded up
        XCTAssertEqual(meter.totalBytes, 851_000)
        XCTAssertEqual(meter.totalTicks, 630_007)
    }

    func testWithTargetATinySegmentAtASpanEdgeDoesNotInflateThePeak() {
        var meter = BandwidthMeter(targetDuration: 6)
        meter.add(bytes: 750_000, durationTicks: 540_000)
        meter.add(bytes: 100_000, durationTicks: 90_000)
        meter.add(bytes: 1_000, durationTicks: 7)
        // Runs between 3 s and 9 s: {6 s} 1 000 000, {6 s + 1 s} 971 429, {all} 972 561.
        XCTAssertEqual(meter.peak, 1_000_000)
        XCTAssertEqual(meter.average, 972_561)
    }

    func testPeakIsTheBestRunOfContiguousShortSegmentsBetweenHalfAndOneAndAHalfTargets() {
        var meter = BandwidthMeter(targetDuration: 6)
        let halfSecondSegments = [10_000, 30_000, 20_000, 20_000, 20_000, 20_000, 90_000]
        var peaks: [Int] = []
        for bytes in halfSecondSegments {
            meter.add(bytes: bytes, durationTicks: 45_000)
            peaks.append(meter.peak)
        }
        // Until 3 s have been fed no run qualifies and the peak is the average so far;
        // seg0…seg5 (120 000 bytes in 3 s) is the first run, then seg1…seg6 (200 000 bytes
        // in 3 s) beats every other run, including the 1 440 000 bit/s of seg6 alone.
        XCTAssertEqual(peaks, [160_000, 320_000, 320_000, 320_000, 320_000, 320_000, 533_334])
        XCTAssertEqual(meter.average, 480_000)
    }

    func testEmptyMeterReportsZero() {
        let meter = BandwidthMeter(targetDuration: 4)
        XCTAssertEqual(meter.peak, 0)
        XCTAssertEqual(meter.average, 0)
    }
}
