import XCTest
@testable import Packager

/// The sample programme through `pkgctl vod`'s pipeline, then the timeline: 180 s with a
/// 10 s recap (RANGE, PRIMARY style), a 30 s and a 20 s ad (POINT), every span stripped and
/// inserted back with X-RESUME-OFFSET=0. Primary 180 − 60 = 120 s; integrated 120 + 10 = 130;
/// playout 120 + 60 = 180 — what hls.js 1.6.16 reports for this output (HLS-RULES §13).
final class TimelineSampleTests: XCTestCase {
    func testSampleVODOutputIsIntegrated130AndPlayout180() throws {
        let output = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: output.appendingPathComponent("out"), options: VodOptions())
        let master = output.appendingPathComponent("out/master.m3u8").path
        let snapshot = IntegratedTimeline.snapshot(of: try TimelineLoader().load(.file(master)))
        XCTAssertEqual(Milliseconds.seconds(snapshot.primaryDurationNanos), "120")
        XCTAssertEqual(Milliseconds.seconds(snapshot.durationNanos), "130")
        XCTAssertEqual(Milliseconds.seconds(snapshot.playoutDurationNanos), "180")
        XCTAssertEqual(scheduleItems(snapshot), [
            "primary p:0-2 o:0-2 i:0-2", "recap-2001-1 p:2-2 o:2-12 i:2-12", "primary p:2-20 o:12-30 i:12-30",
            "ad-1001-1 p:20-20 o:30-60 i:30-30", "primary p:20-50 o:60-90 i:30-60",
            "ad-3001-1 p:50-50 o:90-110 i:60-60", "primary p:50-120 o:110-180 i:60-130",
        ])
        XCTAssertEqual(TimelineFixtures.markers(snapshot), ["point ad-1001-1 30-30", "point ad-3001-1 60-60"])
    }
}
