import XCTest
@testable import Packager

/// `--watch` on a live playlist file that the test rewrites after each read.
final class TimelineWatcherTests: XCTestCase {
    /// Version `segments` of a live playlist with 1 s segments from 00:00:00, plus tags.
    private func livePlaylist(segments: Int, dateRanges: [String], ended: Bool = false) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:0",
                     "#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00.000Z"]
        lines += dateRanges.map { "#EXT-X-DATERANGE:" + $0 }
        for i in 0..<segments { lines += ["#EXTINF:1.000,", "s\(i).ts"] }
        if ended { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    func testWatchReportsAnnounceEnterCompleteAndLeaveThenStopsAtEndList() throws {
        let announce = #"ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:06.000Z",PLANNED-DURATION=3,X-ASSET-URI="https://ads.example.com/ad1.m3u8""#
        let complete = #"ID="ad1",START-DATE="2025-01-01T00:00:06.000Z",DURATION=3"#
        // Live edge 4 s, 5 s (ad1 announced for 6 s), 7 s (inside ad1, still open), 8 s (ad1
        // completed as 6–9 s), 10 s with ENDLIST (back in primary).
        let versions = [
            livePlaylist(segments: 4, dateRanges: []),
            livePlaylist(segments: 5, dateRanges: [announce]),
            livePlaylist(segments: 7, dateRanges: [announce]),
            livePlaylist(segments: 8, dateRanges: [announce, complete]),
            livePlaylist(segments: 10, dateRanges: [announce, complete], ended: true),
        ]
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("live.m3u8")
        try Data(versions[0].utf8).write(to: file, options: .atomic)

        var events: [TimelineEvent] = []
        var reads = 0
        var writeError: Error?
        let started = Date()
        let watcher = TimelineWatcher(location: .file(file.path), limitSeconds: 20)
        let last = try watcher.run(stop: InterruptFlag(), emit: { events.append($0) }, didRead: { _ in
            reads += 1
            guard reads < versions.count else { return }
            do {
                try Data(versions[reads].utf8).write(to: file, options: .atomic)
            } catch {
                writeError = error
            }
        })

        XCTAssertNil(writeError)
        XCTAssertEqual(reads, 5)
        XCTAssertFalse(last.isLive)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "stopped at ENDLIST, not at the limit")
        XCTAssertEqual(events.map(\.jsonLine), [
            #"{"event":"segmentsChanged","reason":"announced","id":"ad1"}"#,
            #"{"event":"currentSegmentChanged","from":"primary","to":"ad1"}"#,
            #"{"event":"segmentsChanged","reason":"completed","id":"ad1"}"#,
            #"{"event":"currentSegmentChanged","from":"ad1","to":"primary"}"#,
        ])
    }

    func testWatchStopsAtTheLimitWhenThePlaylistNeverEnds() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("live.m3u8")
        try Data(livePlaylist(segments: 3, dateRanges: []).utf8).write(to: file)
        let started = Date()
        var reads = 0
        let last = try TimelineWatcher(location: .file(file.path), limitSeconds: 1.2)
            .run(stop: InterruptFlag(), emit: { _ in }, didRead: { _ in reads += 1 })
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertTrue(last.isLive)
        XCTAssertGreaterThanOrEqual(elapsed, 1.2)
        XCTAssertLessThan(elapsed, 3)
        // Reads at 0 s, then after the 1 s last segment; unchanged ⇒ next wait 0.5 s, past the limit.
        XCTAssertEqual(reads, 2)
    }

    func testStopRequestEndsTheWatchBeforeTheNextReload() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("live.m3u8")
        try Data(livePlaylist(segments: 3, dateRanges: []).utf8).write(to: file)
        let stop = InterruptFlag()
        var reads = 0
        try TimelineWatcher(location: .file(file.path), limitSeconds: 10)
            .run(stop: stop, emit: { _ in }, didRead: { _ in
                reads += 1
                stop.raise()
            })
        XCTAssertEqual(reads, 1)
    }
}
