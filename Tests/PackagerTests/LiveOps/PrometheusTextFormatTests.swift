import Foundation
import XCTest
@testable import Packager

final class PrometheusTextFormatTests: XCTestCase {
    func testLiveMetricsRenderTheExactExpositionText() throws {
        let registry = MetricsRegistry()
        let metrics = try LiveMetrics(registry: registry, channel: "news")
        metrics.segmentPublished(rendition: "video", at: Date(timeIntervalSince1970: 1_714_564_796.5))
        metrics.segmentPublished(rendition: "audio", at: Date(timeIntervalSince1970: 1_714_564_796.5))
        metrics.segmentPublished(rendition: "video", at: Date(timeIntervalSince1970: 1_714_564_800.5))
        for _ in 0..<3 { metrics.cueDetected() }
        metrics.spanCompleted(kind: "ad")
        metrics.inputError()
        metrics.publishQueueDepth(4)
        metrics.stateSaveFailed()
        metrics.record(.published(name: "video/seg_1.ts", kind: .segment, bytes: 10, latencySeconds: 0.03125))
        metrics.record(.published(name: "video/index.m3u8", kind: .playlist, bytes: 10, latencySeconds: 0.25))
        metrics.record(.deleted(name: "video/seg_0.ts", latencySeconds: 7))
        metrics.record(.retry(name: "video/seg_2.ts", attempt: 1, delaySeconds: 0.5,
                              error: .closed(name: "video/seg_2.ts")))
        metrics.record(.failed(name: "video/seg_2.ts", error: .closed(name: "video/seg_2.ts")))

        XCTAssertEqual(PrometheusTextFormat.render(registry.snapshot()), """
        # HELP pkgctl_cues_total SCTE-35 cues detected in the input.
        # TYPE pkgctl_cues_total counter
        pkgctl_cues_total{channel="news"} 3
        # HELP pkgctl_input_errors_total Input read or open failures.
        # TYPE pkgctl_input_errors_total counter
        pkgctl_input_errors_total{channel="news"} 1
        # HELP pkgctl_last_segment_timestamp_seconds Unix time at which the latest segment was published.
        # TYPE pkgctl_last_segment_timestamp_seconds gauge
        pkgctl_last_segment_timestamp_seconds{channel="news"} 1714564800.5
        # HELP pkgctl_publish_failures_total Objects the sink gave up on.
        # TYPE pkgctl_publish_failures_total counter
        pkgctl_publish_failures_total{channel="news"} 1
        # HELP pkgctl_publish_latency_seconds Seconds from handing an object to the sink until it was published.
        # TYPE pkgctl_publish_latency_seconds histogram
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.005"} 0
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.01"} 0
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.025"} 0
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.05"} 1
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.1"} 1
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.25"} 2
        pkgctl_publish_latency_seconds_bucket{channel="news",le="0.5"} 2
        pkgctl_publish_latency_seconds_bucket{channel="news",le="1"} 2
        pkgctl_publish_latency_seconds_bucket{channel="news",le="2.5"} 2
        pkgctl_publish_latency_seconds_bucket{channel="news",le="5"} 2
        pkgctl_publish_latency_seconds_bucket{channel="news",le="10"} 3
        pkgctl_publish_latency_seconds_bucket{channel="news",le="+Inf"} 3
        pkgctl_publish_latency_seconds_sum{channel="news"} 7.28125
        pkgctl_publish_latency_seconds_count{channel="news"} 3
        # HELP pkgctl_publish_queue_depth Objects waiting or in flight to the origin.
        # TYPE pkgctl_publish_queue_depth gauge
        pkgctl_publish_queue_depth{channel="news"} 4
        # HELP pkgctl_segments_total Media segments published, per rendition.
        # TYPE pkgctl_segments_total counter
        pkgctl_segments_total{channel="news",rendition="audio"} 1
        pkgctl_segments_total{channel="news",rendition="video"} 2
        # HELP pkgctl_spans_total Spans (ad, recap, other) completed, per kind.
        # TYPE pkgctl_spans_total counter
        pkgctl_spans_total{channel="news",kind="ad"} 1
        # HELP pkgctl_state_save_failures_total Live state saves that failed; playlists wait for the next save that succeeds.
        # TYPE pkgctl_state_save_failures_total counter
        pkgctl_state_save_failures_total{channel="news"} 1

        """)
    }

    func testFreshChannelExportsZeroCountersButNoLastSegmentSample() throws {
        let registry = MetricsRegistry()
        _ = try LiveMetrics(registry: registry, channel: "news")
        let lines = PrometheusTextFormat.render(registry.snapshot()).split(separator: "\n").map(String.init)
        let samples = lines.filter { !$0.hasPrefix("#") }
        XCTAssertEqual(samples.filter { !$0.contains("_bucket") }, [
            #"pkgctl_cues_total{channel="news"} 0"#,
            #"pkgctl_input_errors_total{channel="news"} 0"#,
            #"pkgctl_publish_failures_total{channel="news"} 0"#,
            #"pkgctl_publish_latency_seconds_sum{channel="news"} 0"#,
            #"pkgctl_publish_latency_seconds_count{channel="news"} 0"#,
            #"pkgctl_publish_queue_depth{channel="news"} 0"#,
            #"pkgctl_state_save_failures_total{channel="news"} 0"#,
        ])
        XCTAssertTrue(lines.contains("# TYPE pkgctl_last_segment_timestamp_seconds gauge"))
    }

    func testTwoChannelsShareOneRegistryAsSeparateSeries() throws {
        let registry = MetricsRegistry()
        let news = try LiveMetrics(registry: registry, channel: "news")
        let sport = try LiveMetrics(registry: registry, channel: "sport")
        news.cueDetected()
        sport.cueDetected()
        sport.cueDetected()
        let cues = try XCTUnwrap(registry.snapshot().first { $0.name == "pkgctl_cues_total" })
        XCTAssertEqual(cues.series, [
            MetricSeriesSnapshot(labelValues: ["news"], value: .counter(1)),
            MetricSeriesSnapshot(labelValues: ["sport"], value: .counter(2)),
        ])
    }

    func testHelpTextAndLabelValuesAreEscaped() throws {
        let registry = MetricsRegistry()
        let family = try registry.counter("x_total", help: "back\\slash\nnew \"line\"", labelNames: ["path"])
        family.labels("C:\\a \"b\"\nc").increment(by: 5)
        XCTAssertEqual(PrometheusTextFormat.render(registry.snapshot()), """
        # HELP x_total back\\\\slash\\nnew "line"
        # TYPE x_total counter
        x_total{path="C:\\\\a \\"b\\"\\nc"} 5

        """)
    }

    func testUnlabelledSeriesHasNoBraces() throws {
        let registry = MetricsRegistry()
        try registry.gauge("up_seconds", help: "h").labels().set(-2.5)
        XCTAssertEqual(PrometheusTextFormat.render(registry.snapshot()),
                       "# HELP up_seconds h\n# TYPE up_seconds gauge\nup_seconds -2.5\n")
    }

    func testNumbersUseIntegersWhenIntegralAndPrometheusSpellingsForSpecialValues() {
        XCTAssertEqual(PrometheusTextFormat.number(3), "3")
        XCTAssertEqual(PrometheusTextFormat.number(-0.0), "0")
        XCTAssertEqual(PrometheusTextFormat.number(0.1), "0.1")
        XCTAssertEqual(PrometheusTextFormat.number(1e20), "1e+20")
        XCTAssertEqual(PrometheusTextFormat.number(.infinity), "+Inf")
        XCTAssertEqual(PrometheusTextFormat.number(-.infinity), "-Inf")
        XCTAssertEqual(PrometheusTextFormat.number(.nan), "NaN")
    }

    func testNonFiniteObservationsAreIgnoredByHistograms() throws {
        let registry = MetricsRegistry()
        let histogram = try registry.histogram("h_seconds", help: "h", buckets: [1]).labels()
        histogram.observe(.nan)
        histogram.observe(.infinity)
        histogram.observe(1)
        let family = try XCTUnwrap(registry.snapshot().first)
        XCTAssertEqual(family.series.first?.value,
                       .histogram(HistogramValue(cumulativeCounts: [1], sum: 1, count: 1)))
    }
}
