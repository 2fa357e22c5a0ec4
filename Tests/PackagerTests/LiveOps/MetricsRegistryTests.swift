import Foundation
import XCTest
@testable import Packager

final class MetricsRegistryTests: XCTestCase {
    func testSameNameWithAnotherTypeIsRejected() throws {
        let registry = MetricsRegistry()
        _ = try registry.counter("pkgctl_x_total", help: "x")
        XCTAssertThrowsError(try registry.gauge("pkgctl_x_total", help: "x")) { error in
            XCTAssertEqual(error as? MetricsError,
                           .conflictingRegistration(metric: "pkgctl_x_total", difference: "type (gauge, not counter)"))
        }
    }

    func testSameNameWithOtherLabelsIsRejectedButIdenticalRegistrationIsAccepted() throws {
        let registry = MetricsRegistry()
        _ = try registry.counter("a_total", help: "a", labelNames: ["channel"])
        XCTAssertNoThrow(try registry.counter("a_total", help: "a", labelNames: ["channel"]))
        XCTAssertThrowsError(try registry.counter("a_total", help: "a", labelNames: ["kind"])) { error in
            XCTAssertEqual(error as? MetricsError,
                           .conflictingRegistration(metric: "a_total", difference: "label set (kind, not channel)"))
        }
    }

    func testInvalidMetricAndLabelNamesAreRejected() {
        let registry = MetricsRegistry()
        XCTAssertThrowsError(try registry.counter("1st_total", help: "")) { error in
            XCTAssertEqual(error as? MetricsError, .invalidMetricName("1st_total"))
        }
        XCTAssertThrowsError(try registry.counter("ok_total", help: "", labelNames: ["bad-name"])) { error in
            XCTAssertEqual(error as? MetricsError, .invalidLabelName(
                metric: "ok_total", label: "bad-name", reason: "it must match [a-zA-Z_][a-zA-Z0-9_]*"))
        }
        XCTAssertThrowsError(try registry.counter("ok_total", help: "", labelNames: ["__name"])) { error in
            XCTAssertEqual(error as? MetricsError, .invalidLabelName(
                metric: "ok_total", label: "__name", reason: "names starting with __ are reserved by Prometheus"))
        }
        XCTAssertThrowsError(try registry.histogram("h", help: "", labelNames: ["le"], buckets: [1])) { error in
            XCTAssertEqual(error as? MetricsError, .invalidLabelName(
                metric: "h", label: "le", reason: "'le' is the histogram bucket label"))
        }
    }

    func testHistogramBucketsMustBeFiniteAndIncreasing() {
        let registry = MetricsRegistry()
        XCTAssertThrowsError(try registry.histogram("h", help: "", buckets: [1, 0.5])) { error in
            XCTAssertEqual(error as? MetricsError, .invalidBuckets(metric: "h", reason: "bounds must be strictly increasing"))
        }
        XCTAssertThrowsError(try registry.histogram("h", help: "", buckets: [1, .infinity])) { error in
            XCTAssertEqual(error as? MetricsError,
                           .invalidBuckets(metric: "h", reason: "bounds must be finite (+Inf is implied)"))
        }
        XCTAssertThrowsError(try registry.histogram("h", help: "", buckets: [])) { error in
            XCTAssertEqual(error as? MetricsError, .invalidBuckets(metric: "h", reason: "none given"))
        }
    }

    func testConcurrentIncrementsAreAllCounted() throws {
        let registry = MetricsRegistry()
        let counter = try registry.counter("c_total", help: "c", labelNames: ["channel"]).labels("news")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { counter.increment() }
        }
        XCTAssertEqual(registry.snapshot().first?.series.first?.value, .counter(8000))
    }
}
