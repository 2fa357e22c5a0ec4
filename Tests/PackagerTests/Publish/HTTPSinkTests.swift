import Foundation
import XCTest
@testable import Packager

/// HTTPSink against a real nginx WebDAV origin on 127.0.0.1.
final class HTTPSinkTests: XCTestCase {
    private var origin: NginxWebDAVOrigin?
    private var sinks: [HTTPSink] = []

    override func setUpWithError() throws {
        origin = try NginxWebDAVOrigin()
    }

    override func tearDown() {
        sinks.forEach { $0.close() }
        sinks = []
        origin?.tearDown()
        origin = nil
    }

    private func makeSink(_ origin: NginxWebDAVOrigin, recorder: PublishEventRecorder,
                          configure: (inout HTTPSinkOptions) -> Void = { _ in }) throws -> HTTPSink {
        var options = HTTPSinkOptions()
        // Short, unjittered backoff so a fault window of a fraction of a second covers many retries.
        options.backoff = RetryBackoff(base: 0.02, maximum: 0.1, jitter: 0)
        options.itemDeadline = 10
        options.requestTimeout = 2
        configure(&options)
        let sink = try HTTPSink(base: origin.baseURL.appendingPathComponent("live/ch1"), options: options,
                            onEvent: recorder.handler)
        sinks.append(sink)
        return sink
    }

    private func liveOrigin() throws -> NginxWebDAVOrigin {
        guard let origin else { throw WebDAVOriginError(description: "origin was not started") }
        return origin
    }

    private func playlist(version: Int, segments: Range<Int>) -> Data {
        var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(segments.lowerBound)\n"
        for index in segments { text += "#EXTINF:2.000,\nvideo/seg_\(index).ts\n" }
        return Data((text + "## version \(version)\n").utf8)
    }

    private func waitForFirstRetry(of name: String, _ recorder: PublishEventRecorder) {
        XCTAssertTrue(recorder.wait(seconds: 5) { events in
            events.contains { if case .retry(name, _, _, _) = $0 { return true }; return false }
        }, "\(name) was never retried")
    }

    func testSegmentsAndPlaylistArriveByteIdenticalInPutOrderWithContentTypes() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder)
        let pieces = try PublishTestFolder.transportStreamPieces(count: 3)
        for (index, piece) in pieces.enumerated() {
            try sink.put(piece, name: "video/seg_\(index).ts", kind: .segment)
        }
        let manifest = playlist(version: 1, segments: 0..<3)
        try sink.put(manifest, name: "video/index.m3u8", kind: .playlist)
        let state = Data(#"{"sequence":3}"#.utf8)
        try sink.put(state, name: "state.json", kind: .state)
        try sink.flush(timeout: 10)

        for (index, piece) in pieces.enumerated() {
            XCTAssertEqual(origin.published("live/ch1/video/seg_\(index).ts"), piece)
        }
        XCTAssertEqual(origin.published("live/ch1/video/index.m3u8"), manifest)
        XCTAssertEqual(origin.published("live/ch1/state.json"), state)
        XCTAssertEqual(origin.requests(atLeast: 5).map { "\($0.method) \($0.status) \($0.path) \($0.contentType)" }, [
            "PUT 201 /live/ch1/video/seg_0.ts video/mp2t",
            "PUT 201 /live/ch1/video/seg_1.ts video/mp2t",
            "PUT 201 /live/ch1/video/seg_2.ts video/mp2t",
            "PUT 201 /live/ch1/video/index.m3u8 application/vnd.apple.mpegurl",
            "PUT 201 /live/ch1/state.json application/json",
        ])
        let stats = sink.stats
        XCTAssertEqual(stats.puts, 5)
        XCTAssertEqual(stats.bytes, Int64(pieces.reduce(0) { $0 + $1.count } + manifest.count + state.count))
        XCTAssertEqual(stats.failures, 0)
        XCTAssertEqual(stats.retries, 0)
        XCTAssertEqual(stats.queueDepth, 0)
        XCTAssertNotNil(stats.lastPublishLatency)
        XCTAssertEqual(recorder.publishedNames,
                       ["video/seg_0.ts", "video/seg_1.ts", "video/seg_2.ts", "video/index.m3u8", "state.json"])
    }

    func testDeleteRemovesFileAndDeletingMissingNameSucceeds() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder)
        try sink.put(Data("x".utf8), name: "video/seg_0.ts", kind: .segment)
        try sink.delete(name: "video/seg_0.ts")
        try sink.delete(name: "video/never_there.ts")
        try sink.flush(timeout: 10)

        XCTAssertNil(origin.published("live/ch1/video/seg_0.ts"))
        XCTAssertEqual(origin.requests(atLeast: 3).map { "\($0.method) \($0.status) \($0.path)" }, [
            "PUT 201 /live/ch1/video/seg_0.ts",
            "DELETE 204 /live/ch1/video/seg_0.ts",
            "DELETE 404 /live/ch1/video/never_there.ts",
        ])
        XCTAssertEqual(sink.stats.deletes, 2)
        XCTAssertEqual(sink.stats.failures, 0)
    }

    func testQueuedPlaylistVersionsCoalesceToNewestBehindTheirSegments() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder)
        let pieces = try PublishTestFolder.transportStreamPieces(count: 3)
        try origin.setFailing(true)
        try sink.put(pieces[0], name: "seg_0.ts", kind: .segment)
        waitForFirstRetry(of: "seg_0.ts", recorder)
        try sink.put(playlist(version: 1, segments: 0..<1), name: "index.m3u8", kind: .playlist)
        try sink.put(pieces[1], name: "seg_1.ts", kind: .segment)
        try sink.put(playlist(version: 2, segments: 0..<2), name: "index.m3u8", kind: .playlist)
        try sink.put(pieces[2], name: "seg_2.ts", kind: .segment)
        try sink.put(playlist(version: 3, segments: 0..<3), name: "index.m3u8", kind: .playlist)
        XCTAssertEqual(sink.stats.queueDepth, 4)
        try origin.setFailing(false)
        try sink.flush(timeout: 10)

        XCTAssertEqual(origin.storedPuts(count: 4),
                       ["/live/ch1/seg_0.ts", "/live/ch1/seg_1.ts", "/live/ch1/seg_2.ts", "/live/ch1/index.m3u8"])
        XCTAssertEqual(origin.published("live/ch1/index.m3u8"), playlist(version: 3, segments: 0..<3))
        XCTAssertEqual(sink.stats.superseded, 2)
        XCTAssertEqual(recorder.supersededNames, ["index.m3u8", "index.m3u8"])
        XCTAssertEqual(sink.stats.puts, 4)
    }

    func testServerErrorsAreRetriedUntilOriginRecoversAndOrderIsKept() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder)
        let pieces = try PublishTestFolder.transportStreamPieces(count: 4)
        try origin.setFailing(true)
        for (index, piece) in pieces.enumerated() {
            try sink.put(piece, name: "seg_\(index).ts", kind: .segment)
        }
        try sink.put(playlist(version: 1, segments: 0..<4), name: "index.m3u8", kind: .playlist)
        XCTAssertTrue(recorder.wait(seconds: 5) { $0.filter { if case .retry = $0 { return true }; return false }.count >= 5 })
        try origin.setFailing(false)
        try sink.flush(timeout: 10)

        XCTAssertEqual(origin.storedPuts(count: 5), (0..<4).map { "/live/ch1/seg_\($0).ts" } + ["/live/ch1/index.m3u8"])
        for (index, piece) in pieces.enumerated() {
            XCTAssertEqual(origin.published("live/ch1/seg_\(index).ts"), piece)
        }
        let stats = sink.stats
        XCTAssertEqual(stats.puts, 5)
        XCTAssertEqual(stats.failures, 0)
        XCTAssertEqual(stats.retries, recorder.retries.count)
        XCTAssertEqual(origin.requests(atLeast: stats.retries + 5).filter { $0.status == 500 }.count, stats.retries)
        // Only the head of the line is retried while the origin fails; the rest wait behind it.
        XCTAssertEqual(Set(recorder.retries.map(\.name)), ["seg_0.ts"])
        XCTAssertEqual(recorder.retries.map(\.attempt), Array(1...stats.retries))
    }

    func testConnectionRefusedIsRetriedUntilOriginRestartsOnSamePort() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder)
        let pieces = try PublishTestFolder.transportStreamPieces(count: 2)
        origin.stop()
        try sink.put(pieces[0], name: "seg_0.ts", kind: .segment)
        try sink.put(pieces[1], name: "seg_1.ts", kind: .segment)
        try sink.put(playlist(version: 1, segments: 0..<2), name: "index.m3u8", kind: .playlist)
        XCTAssertTrue(recorder.wait(seconds: 5) { $0.filter { if case .retry = $0 { return true }; return false }.count >= 3 })
        guard case .retry(_, _, _, .transport(let method, _, _)) = recorder.events.first else {
            return XCTFail("first event should be a transport retry, got \(recorder.events.first.map { "\($0)" } ?? "none")")
        }
        XCTAssertEqual(method, "PUT")
        try origin.start()
        try sink.flush(timeout: 10)

        XCTAssertEqual(origin.storedPuts(count: 3), ["/live/ch1/seg_0.ts", "/live/ch1/seg_1.ts", "/live/ch1/index.m3u8"])
        XCTAssertEqual(origin.published("live/ch1/seg_1.ts"), pieces[1])
        XCTAssertEqual(sink.stats.failures, 0)
        XCTAssertEqual(sink.stats.retries, recorder.retries.count)
        XCTAssertGreaterThanOrEqual(sink.stats.retries, 3)
    }

    func testFullQueueRefusesSegmentWithQueueFullWithoutBlocking() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder) { $0.maxQueuedItems = 3 }
        let pieces = try PublishTestFolder.transportStreamPieces(count: 5)
        try origin.setFailing(true)
        try sink.put(pieces[0], name: "seg_0.ts", kind: .segment)
        waitForFirstRetry(of: "seg_0.ts", recorder)
        for index in 1...3 { try sink.put(pieces[index], name: "seg_\(index).ts", kind: .segment) }

        let started = Date()
        XCTAssertThrowsError(try sink.put(pieces[4], name: "seg_4.ts", kind: .segment)) { error in
            XCTAssertEqual(error as? HTTPSinkError, .queueFull(name: "seg_4.ts", depth: 3,
                                                               bytes: pieces[1].count * 3, maxItems: 3,
                                                               maxBytes: HTTPSinkOptions().maxQueuedBytes))
        }
        // A blocking put would wait for the 10 s item deadline of the stuck head; allow for a loaded machine.
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.25, "a refused put must return at once")
        XCTAssertEqual(sink.stats.rejected, 1)
        XCTAssertEqual(sink.stats.queueDepth, 4)

        try origin.setFailing(false)
        try sink.flush(timeout: 10)
        XCTAssertEqual(origin.storedPuts(count: 4), (0...3).map { "/live/ch1/seg_\($0).ts" })
        XCTAssertNil(origin.published("live/ch1/seg_4.ts"))
    }

    func testFullQueueStillTakesNewerVersionOfAQueuedPlaylist() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder) { $0.maxQueuedItems = 3 }
        let pieces = try PublishTestFolder.transportStreamPieces(count: 4)
        try origin.setFailing(true)
        try sink.put(pieces[0], name: "seg_0.ts", kind: .segment)
        waitForFirstRetry(of: "seg_0.ts", recorder)
        try sink.put(pieces[1], name: "seg_1.ts", kind: .segment)
        try sink.put(pieces[2], name: "seg_2.ts", kind: .segment)
        try sink.put(playlist(version: 1, segments: 0..<2), name: "index.m3u8", kind: .playlist)
        try sink.put(playlist(version: 2, segments: 0..<3), name: "index.m3u8", kind: .playlist)
        XCTAssertThrowsError(try sink.put(pieces[3], name: "seg_3.ts", kind: .segment))

        try origin.setFailing(false)
        try sink.flush(timeout: 10)
        XCTAssertEqual(origin.storedPuts(count: 4),
                       ["/live/ch1/seg_0.ts", "/live/ch1/seg_1.ts", "/live/ch1/seg_2.ts", "/live/ch1/index.m3u8"])
        XCTAssertEqual(origin.published("live/ch1/index.m3u8"), playlist(version: 2, segments: 0..<3))
        XCTAssertEqual(sink.stats.superseded, 1)
        XCTAssertEqual(sink.stats.rejected, 1)
    }

    func testClientErrorIsNotRetriedAndLaterItemsStillPublish() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try HTTPSink(base: origin.baseURL, options: HTTPSinkOptions(), onEvent: recorder.handler)
        sinks.append(sink)
        try sink.put(Data("a".utf8), name: "forbidden/seg_0.ts", kind: .segment)
        try sink.put(Data("b".utf8), name: "seg_1.ts", kind: .segment)
        try sink.flush(timeout: 10)

        let url = origin.baseURL.appendingPathComponent("forbidden/seg_0.ts").absoluteString
        XCTAssertEqual(recorder.failures.map(\.name), ["forbidden/seg_0.ts"])
        XCTAssertEqual(recorder.failures.first?.error, .status(method: "PUT", url: url, code: 403))
        XCTAssertEqual(recorder.failures.first?.error.description, "PUT \(url) was answered with HTTP 403")
        XCTAssertEqual(sink.stats.retries, 0)
        XCTAssertEqual(sink.stats.failures, 1)
        XCTAssertEqual(origin.published("seg_1.ts"), Data("b".utf8))
    }

    func testExtraHeadersReachTheOriginOnEveryPutAndDelete() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        var options = HTTPSinkOptions()
        options.extraHeaders = ["Authorization": "Bearer \(NginxWebDAVOrigin.token)"]
        let sink = try HTTPSink(base: origin.baseURL.appendingPathComponent("private/ch1"), options: options, onEvent: recorder.handler)
        sinks.append(sink)
        try sink.put(Data("a".utf8), name: "seg_0.ts", kind: .segment)
        try sink.put(Data("b".utf8), name: "seg_1.ts", kind: .segment)
        try sink.delete(name: "seg_0.ts")
        try sink.flush(timeout: 10)
        XCTAssertEqual(recorder.failures.map(\.name), [])
        XCTAssertNil(origin.published("private/ch1/seg_0.ts"))
        XCTAssertEqual(origin.published("private/ch1/seg_1.ts"), Data("b".utf8))
        XCTAssertEqual(origin.requests(atLeast: 3).filter { $0.path.hasPrefix("/private/") }.map { "\($0.method) \($0.status)" },
                       ["PUT 201", "PUT 201", "DELETE 204"])

        // The same origin without the header: refused, and a 401 is not retried.
        let bare = try HTTPSink(base: origin.baseURL.appendingPathComponent("private/ch2"), onEvent: recorder.handler)
        sinks.append(bare)
        try bare.put(Data("c".utf8), name: "seg_0.ts", kind: .segment)
        try bare.flush(timeout: 10)
        let url = origin.baseURL.appendingPathComponent("private/ch2/seg_0.ts").absoluteString
        XCTAssertEqual(recorder.failures.map(\.error), [.status(method: "PUT", url: url, code: 401)])
        XCTAssertEqual(bare.stats.retries, 0)
    }

    func testItemPastItsRetryDeadlineIsReportedAndLaterItemsGoAhead() throws {
        let origin = try liveOrigin()
        let recorder = PublishEventRecorder()
        let sink = try makeSink(origin, recorder: recorder) {
            $0.itemDeadline = 0.3
            $0.backoff = RetryBackoff(base: 0.05, maximum: 0.05, jitter: 0)
        }
        try origin.setFailing(true)
        try sink.put(Data("lost".utf8), name: "seg_0.ts", kind: .segment)
        XCTAssertTrue(recorder.wait(seconds: 5) { !$0.filter { if case .failed = $0 { return true }; return false }.isEmpty })
        try origin.setFailing(false)
        try sink.put(Data("kept".utf8), name: "seg_1.ts", kind: .segment)
        try sink.flush(timeout: 10)

        guard case .deadlineExceeded(let name, let attempts, let seconds, let lastError)? = recorder.failures.first?.error else {
            return XCTFail("expected deadlineExceeded, got \(recorder.failures)")
        }
        XCTAssertEqual(name, "seg_0.ts")
        XCTAssertEqual(attempts, sink.stats.retries + 1)
        XCTAssertGreaterThan(seconds + 0.05, 0.3, "gave up only when the next wait would pass the deadline")
        XCTAssertEqual(lastError, "PUT \(origin.baseURL.appendingPathComponent("live/ch1/seg_0.ts").absoluteString) was answered with HTTP 500")
        XCTAssertNil(origin.published("live/ch1/seg_0.ts"))
        XCTAssertEqual(origin.published("live/ch1/seg_1.ts"), Data("kept".utf8))
        XCTAssertEqual(sink.stats.failures, 1)
        XCTAssertEqual(sink.stats.puts, 1)
    }

    func testNameLeavingTheBaseIsRefusedBeforeQueueing() throws {
        let origin = try liveOrigin()
        let sink = try makeSink(origin, recorder: PublishEventRecorder())
        XCTAssertThrowsError(try sink.put(Data(), name: "../other/index.m3u8", kind: .playlist)) { error in
            XCTAssertEqual("\(error)", "cannot publish '../other/index.m3u8': it contains '..', which could leave the sink root")
        }
        XCTAssertEqual(sink.stats.queueDepth, 0)
        XCTAssertEqual(sink.stats.failures, 1)
    }

    func testPutAfterCloseIsRefused() throws {
        let origin = try liveOrigin()
        let sink = try makeSink(origin, recorder: PublishEventRecorder())
        sink.close()
        XCTAssertThrowsError(try sink.put(Data("x".utf8), name: "seg_0.ts", kind: .segment)) { error in
            XCTAssertEqual(error as? HTTPSinkError, .closed(name: "seg_0.ts"))
        }
    }
}
