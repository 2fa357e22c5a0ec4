import Foundation
import XCTest
@testable import Packager

/// When HTTPSink stops trying, against a real nginx: an origin's `Retry-After` spaces the
/// retries and can end an item at once; `stopAfterFailure` (VOD) ends the whole upload at the
/// first item given up.
final class HTTPSinkGivingUpTests: XCTestCase {
    private var origin: NginxWebDAVOrigin?
    private var sinks: [HTTPSink] = []

    override func tearDown() {
        sinks.forEach { $0.close() }
        sinks = []
        origin?.tearDown()
        origin = nil
    }

    private func sink(_ recorder: PublishEventRecorder, configure: (inout HTTPSinkOptions) -> Void) throws
        -> (NginxWebDAVOrigin, HTTPSink) {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        var options = HTTPSinkOptions()
        options.backoff = RetryBackoff(base: 0.02, maximum: 0.1, jitter: 0)
        options.requestTimeout = 2
        configure(&options)
        let sink = try HTTPSink(base: nginx.baseURL, options: options, onEvent: recorder.handler)
        sinks.append(sink)
        return (nginx, sink)
    }

    func testRetryAfterIsAFloorUnderTheBackoffUntilTheDeadline() throws {
        let recorder = PublishEventRecorder()
        let (nginx, sink) = try sink(recorder) { $0.itemDeadline = 2.5 }
        try sink.put(Data("x".utf8), name: "busy/seg_0.ts", kind: .segment)
        try sink.flush(timeout: 10)

        // Attempts at 0, 1 and 2 s; a third wait would end past 2.5 s.
        let delays = recorder.events.compactMap { if case .retry(_, _, let delay, _) = $0 { return delay }; return nil }
        XCTAssertEqual(delays, [1, 1])
        guard case .deadlineExceeded("busy/seg_0.ts", 3, let seconds, let last)? = recorder.failures.first?.error else {
            return XCTFail("expected the item to end at its deadline after 3 attempts: \(recorder.failures)")
        }
        XCTAssertGreaterThanOrEqual(seconds, 2.0)
        XCTAssertEqual(last, "PUT \(nginx.baseURL.absoluteString)busy/seg_0.ts was answered with HTTP 503 asking for a retry after 1 s")
        XCTAssertEqual(nginx.requests(atLeast: 3).map(\.status), [503, 503, 503])
    }

    func testRetryAfterBeyondTheDeadlineEndsTheItemAfterOneAttempt() throws {
        let recorder = PublishEventRecorder()
        let (nginx, sink) = try sink(recorder) { $0.itemDeadline = 30 }
        try sink.put(Data("x".utf8), name: "closed-for-the-hour/seg_0.ts", kind: .segment)
        try sink.put(Data("y".utf8), name: "seg_1.ts", kind: .segment)
        try sink.flush(timeout: 10)

        XCTAssertEqual(recorder.retries.count, 0)
        XCTAssertEqual(recorder.failures.map(\.error.description), [
            "gave up publishing 'closed-for-the-hour/seg_0.ts' after 1 attempt in 0.0 s; last error: PUT "
                + "\(nginx.baseURL.absoluteString)closed-for-the-hour/seg_0.ts was answered with HTTP 503 asking for a retry after 3600 s",
        ])
        XCTAssertEqual(nginx.published("seg_1.ts"), Data("y".utf8), "a live sink goes on with the next item")
    }

    /// libcurl would send the body and the sink's headers (an origin's token) wherever a
    /// redirect points; an upload fails with the redirect instead, once, and names it.
    func testAnUploadIsNotRedirected() throws {
        let recorder = PublishEventRecorder()
        let (nginx, sink) = try sink(recorder) { $0.extraHeaders = ["Authorization": "Bearer \(NginxWebDAVOrigin.token)"] }
        try sink.put(Data("x".utf8), name: "moved/seg_0.ts", kind: .segment)
        try sink.flush(timeout: 10)

        XCTAssertEqual(recorder.failures.map(\.error.description), [
            "PUT \(nginx.baseURL.absoluteString)moved/seg_0.ts was answered with HTTP 307, a redirect, which uploads and"
                + " deletes do not follow (the body and the request's headers would go to another host): give the origin's final URL",
        ])
        XCTAssertEqual(nginx.requests(atLeast: 1).map(\.status), [307])
        XCTAssertNil(nginx.published("seg_0.ts"), "the body went where the redirect pointed")
    }

    func testStopAfterFailureDropsTheQueueAndRefusesLaterPutsWithTheFirstFailure() throws {
        let recorder = PublishEventRecorder()
        let (nginx, sink) = try sink(recorder) { $0.stopAfterFailure = true }
        var queued = 0
        for index in 0..<5 {
            do {
                try sink.put(Data("x".utf8), name: index == 0 ? "forbidden/seg_0.ts" : "seg_\(index).ts", kind: .segment)
                queued += 1
            } catch HTTPSinkError.stopped {
                break         // the first item already failed: the sink refuses the rest
            }
        }
        try sink.flush(timeout: 10)

        let cause = "PUT \(nginx.baseURL.absoluteString)forbidden/seg_0.ts was answered with HTTP 403"
        XCTAssertThrowsError(try sink.put(Data("z".utf8), name: "index.m3u8", kind: .playlist)) { error in
            XCTAssertEqual(error as? HTTPSinkError, .stopped(name: "index.m3u8", cause: cause))
        }
        XCTAssertEqual(nginx.requests(atLeast: 1).map { "\($0.method) \($0.status) \($0.path)" }, ["PUT 403 /forbidden/seg_0.ts"])
        XCTAssertEqual(sink.stats.failures, queued, "the failed item and every item dropped behind it")
        XCTAssertEqual(sink.stats.puts, 0)
        XCTAssertEqual(recorder.failures.first?.error.description, cause)
    }
}
