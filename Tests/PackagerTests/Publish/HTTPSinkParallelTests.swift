import Foundation
import XCTest
@testable import Packager

/// `parallelUploads` (`pkgctl vod --http-parallel`): segments overlap against an origin that takes
/// 0.1 s per request, and every other item still waits for everything put before it.
final class HTTPSinkParallelTests: XCTestCase {
    private var origin: SlowOrigin?
    private var sinks: [HTTPSink] = []

    override func tearDown() {
        sinks.forEach { $0.close() }
        sinks = []
        origin?.stop()
        origin = nil
    }

    private func slowOrigin() throws -> SlowOrigin {
        let slow = try SlowOrigin(delay: 0.1)
        origin = slow
        return slow
    }

    /// A sink sending `parallel` uploads at once to a new slow origin (closed in tearDown).
    private func parallelSink(_ parallel: Int) throws -> (SlowOrigin, HTTPSink) {
        let slow = try slowOrigin()
        var options = HTTPSinkOptions()
        options.parallelUploads = parallel
        let sink = try HTTPSink(base: slow.baseURL, options: options)
        sinks.append(sink)
        return (slow, sink)
    }

    func testSegmentsOverlapUpToTheLimitAndPlaylistsAndDeletesAreBarriers() throws {
        let (slow, sink) = try parallelSink(3)
        for i in 0..<6 { try sink.put(Data("s\(i)".utf8), name: "seg_\(i).ts", kind: .segment) }
        try sink.put(Data("#EXTM3U\n".utf8), name: "index.m3u8", kind: .playlist)
        for i in 6..<9 { try sink.put(Data("s\(i)".utf8), name: "seg_\(i).ts", kind: .segment) }
        try sink.delete(name: "seg_0.ts")
        try sink.flush(timeout: 10)

        let requests = slow.requests
        XCTAssertEqual(requests.count, 11)
        let before = requests.filter { ["/seg_0.ts", "/seg_1.ts", "/seg_2.ts", "/seg_3.ts", "/seg_4.ts", "/seg_5.ts"].contains($0.path) && $0.method == "PUT" }
        let playlist = try XCTUnwrap(requests.first { $0.path == "/index.m3u8" })
        let after = requests.filter { ["/seg_6.ts", "/seg_7.ts", "/seg_8.ts"].contains($0.path) }
        let delete = try XCTUnwrap(requests.first { $0.method == "DELETE" })
        XCTAssertEqual(SlowOrigin.mostAtOnce(before), 3)
        XCTAssertEqual(SlowOrigin.mostAtOnce(after), 3)
        XCTAssertGreaterThanOrEqual(playlist.start, before.map(\.end).max() ?? .infinity, "the playlist waited for its segments")
        XCTAssertTrue(after.allSatisfy { $0.start >= playlist.end }, "segments after the playlist waited for it")
        XCTAssertGreaterThanOrEqual(delete.start, after.map(\.end).max() ?? .infinity, "the delete waited for what came before it")
        XCTAssertEqual(sink.stats.puts, 10)
        XCTAssertEqual(sink.stats.deletes, 1)
    }

    /// vod puts an fMP4 init as a segment, and again, rewritten, at the end of the input: the
    /// second waits for the first: two at once land in either order.
    func testTwoUploadsOfOneNameNeverOverlap() throws {
        let (slow, sink) = try parallelSink(4)
        try sink.put(Data("s0".utf8), name: "seg_0.m4s", kind: .segment)
        try sink.put(Data("i1".utf8), name: "init.mp4", kind: .segment)
        try sink.put(Data("s1".utf8), name: "seg_1.m4s", kind: .segment)
        try sink.put(Data("i2".utf8), name: "init.mp4", kind: .segment)
        try sink.put(Data("s2".utf8), name: "seg_2.m4s", kind: .segment)
        try sink.flush(timeout: 10)

        let requests = slow.requests
        XCTAssertEqual(requests.count, 5)
        let inits = requests.filter { $0.path == "/init.mp4" }
        XCTAssertEqual(inits.count, 2)
        XCTAssertFalse(inits[0].overlaps(inits[1]), "two uploads of init.mp4 were in flight at once: \(inits)")
        XCTAssertEqual(SlowOrigin.mostAtOnce(requests.filter { ["/seg_0.m4s", "/init.mp4", "/seg_1.m4s"].contains($0.path) }), 3)
    }

    func testOneUploadAtATimeUnlessAsked() throws {
        let slow = try slowOrigin()
        let sink = try HTTPSink(base: slow.baseURL)
        defer { sink.close() }
        for i in 0..<4 { try sink.put(Data("s\(i)".utf8), name: "seg_\(i).ts", kind: .segment) }
        try sink.flush(timeout: 10)
        XCTAssertEqual(slow.requests.map(\.path), ["/seg_0.ts", "/seg_1.ts", "/seg_2.ts", "/seg_3.ts"])
        XCTAssertEqual(SlowOrigin.mostAtOnce(slow.requests), 1)
    }

    /// `pkgctl vod` to an origin: four segments at once by default, and no playlist before the
    /// last segment has landed.
    func testVodUploadsFourSegmentsAtOnceAndEveryPlaylistAfterTheLastSegment() throws {
        let slow = try slowOrigin()
        let base = try XCTUnwrap(BaseURL.parse(slow.baseURL.absoluteString + "show"))
        var options = VodOptions()
        options.assetBaseURL = base
        let report = try VodPipeline.run(input: TestMedia.liveTS.path, origin: base, options: options)

        let requests = slow.requests
        let segments = requests.filter { $0.path.hasSuffix(".ts") }
        let playlists = requests.filter { $0.path.hasSuffix(".m3u8") }
        XCTAssertGreaterThan(segments.count, report.primarySegments)
        XCTAssertEqual(SlowOrigin.mostAtOnce(segments), VodPipeline.defaultParallelUploads)
        XCTAssertEqual(SlowOrigin.mostAtOnce(requests.filter { !$0.path.hasSuffix(".ts") }), 1)
        let lastSegment = try XCTUnwrap(segments.map(\.end).max())
        XCTAssertTrue(playlists.allSatisfy { $0.start >= lastSegment }, "a playlist went before a segment had landed")
        let primary = try XCTUnwrap(requests.first { $0.path == "/show/primary/index.m3u8" })
        let master = try XCTUnwrap(requests.first { $0.path == "/show/master.m3u8" })
        XCTAssertGreaterThanOrEqual(master.start, primary.end, "the master playlist went before its media playlist")
    }
}
