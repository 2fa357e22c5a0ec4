@testable import Packager

/// Hand-made interstitials and inputs for tests that do not need a playlist file.
enum TimelineTestData {
    static func interstitial(_ id: String, at start: Int64, duration: Int64?, resume: Int64? = nil,
                             rangeEnd: Int64? = nil, occupancy: TimelineOccupancy = .point,
                             style: TimelineBarStyle = .highlight) -> ScheduledInterstitial {
        let s = TimelineFixtures.seconds
        return ScheduledInterstitial(
            id: id, line: 1, cue: .atStartDate, startNanos: s(start), rangeEndNanos: rangeEnd.map(s),
            occupancy: occupancy, style: style, contentMayVary: true, restrictions: [],
            explicitResumeOffsetNanos: resume.map(s), playoutLimitNanos: nil,
            assets: [], assetDurationNanos: duration.map(s))
    }

    static func input(primary: Int64, liveEdge: Int64? = nil, isLive: Bool = false, joinAt: Int64? = nil,
                      _ interstitials: [ScheduledInterstitial]) -> TimelineInput {
        let s = TimelineFixtures.seconds
        return TimelineInput(mediaPlaylist: .file("test.m3u8"), primaryDurationNanos: s(primary),
                             liveEdgeNanos: s(liveEdge ?? primary), isLive: isLive,
                             targetDurationNanos: s(2), lastSegmentNanos: s(2), interstitials: interstitials,
                             joinNanos: joinAt.map(s))
    }

    static func snapshot(primary: Int64, liveEdge: Int64? = nil, _ interstitials: [ScheduledInterstitial]) -> TimelineSnapshot {
        IntegratedTimeline.snapshot(of: input(primary: primary, liveEdge: liveEdge, isLive: true, interstitials))
    }
}
