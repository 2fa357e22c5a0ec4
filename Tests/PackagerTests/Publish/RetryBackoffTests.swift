import XCTest
@testable import Packager

final class RetryBackoffTests: XCTestCase {
    func testDelayDoublesPerAttemptUpToTheMaximum() {
        let backoff = RetryBackoff(base: 0.25, maximum: 4, jitter: 0)
        XCTAssertEqual((1...7).map { backoff.delay(afterAttempt: $0, seed: 9) }, [0.25, 0.5, 1, 2, 4, 4, 4])
        XCTAssertEqual(backoff.delay(afterAttempt: 500, seed: 9), 4)
    }

    func testJitterIsDeterministicPerSeedAndStaysWithinItsFraction() {
        let backoff = RetryBackoff(base: 1, maximum: 8, jitter: 0.5)
        for attempt in 1...6 {
            let raw = min(8, Double(1 << (attempt - 1)))
            let first = backoff.delay(afterAttempt: attempt, seed: 42)
            XCTAssertEqual(first, backoff.delay(afterAttempt: attempt, seed: 42))
            XCTAssertLessThanOrEqual(first, raw)
            XCTAssertGreaterThan(first, raw * 0.5)
        }
        XCTAssertNotEqual(backoff.delay(afterAttempt: 1, seed: 1), backoff.delay(afterAttempt: 1, seed: 2))
    }

    func testOnlyTransientHTTPAnswersAreRetryable() {
        let codes = [400, 403, 404, 408, 409, 429, 500, 502, 503]
        XCTAssertEqual(codes.filter { HTTPSinkError.status(method: "PUT", url: "u", code: $0).isRetryable },
                       [408, 429, 500, 502, 503])
        XCTAssertTrue(HTTPSinkError.transport(method: "PUT", url: "u", reason: "refused").isRetryable)
    }

    func testContentTypeFollowsTheExtension() throws {
        let names = ["a/index.m3u8", "seg.TS", "init.mp4", "seg.m4s", "state.json", "blob"]
        XCTAssertEqual(try names.map { MediaContentType.forName(try PublishName($0)) }, [
            "application/vnd.apple.mpegurl", "video/mp2t", "video/mp4", "video/mp4",
            "application/json", "application/octet-stream",
        ])
    }
}
