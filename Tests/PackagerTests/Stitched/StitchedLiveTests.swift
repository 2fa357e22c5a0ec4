import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` following a stitched playlist that grows while it runs, served from 127.0.0.1
/// by the test's own HTTP server: each inserted span is announced when its first segment
/// appears and completed when content resumes; every version the channel publishes passes
/// `validate --live`.
final class StitchedLiveTests: XCTestCase {
    private var root: URL!
    private var server: StaticHTTPServer?

    override func setUpWithError() throws { root = try TestMedia.temporaryDirectory() }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// content 3 | ad 2 | ad 2 | content 3 | ad 2 | content 2, in 1 s segments.
    private let parts: [StitchedMedia.Part] = [.content(3), .ad(2), .ad(2), .content(3), .ad(2), .content(2)]

    /// Writes the source playlist `count` segments long (ENDLIST once complete), atomically.
    private func publish(_ lines: [String], segments count: Int, to url: URL) throws {
        var text = lines.prefix { !$0.hasPrefix("#EXTINF") && !$0.hasPrefix("#EXT-X-DISCONTINUITY") && !$0.hasPrefix("#EXT-X-PROGRAM") }
            .filter { $0 != "#EXT-X-PLAYLIST-TYPE:VOD" }.joined(separator: "\n") + "\n"
        var listed = 0
        var block: [String] = []
        for line in lines.dropFirst(lines.firstIndex { $0.hasPrefix("#EXT-X-PROGRAM") || $0.hasPrefix("#EXT-X-DISCONTINUITY") } ?? 0) {
            guard listed < count, line != "#EXT-X-ENDLIST" else { break }
            block.append(line)
            if !line.hasPrefix("#") {
                text += block.joined(separator: "\n") + "\n"
                block = []
                listed += 1
            }
        }
        if count >= lines.filter({ !$0.hasPrefix("#") && !$0.isEmpty }).count { text += "#EXT-X-ENDLIST\n" }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testGrowingStitchedPlaylistIsAnnouncedThenCompletedAndEveryVersionValidates() throws {
        var options = StitchedMedia.Options()
        options.segmentSeconds = 1
        let made = try StitchedMedia.make(parts, options)
        let served = root.appendingPathComponent("served")
        try FileManager.default.copyItem(at: made.directory.appendingPathComponent("r0"), to: served)
        let source = try String(contentsOf: served.appendingPathComponent("index.m3u8"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let live = served.appendingPathComponent("live.m3u8")
        let total = source.filter { !$0.hasPrefix("#") && !$0.isEmpty }.count
        XCTAssertEqual(total, 14)
        try publish(source, segments: 3, to: live)
        let server = try StaticHTTPServer(serving: served)
        self.server = server
        // The stitcher adds two segments a second until the programme ends.
        let grower = Thread { [self] in
            var count = 3
            while count < total {
                Thread.sleep(forTimeInterval: 1)
                count = min(total, count + 2)
                try? self.publish(source, segments: count, to: live)
            }
        }
        grower.start()
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var o = LiveOptions()
        o.input = server.url("live.m3u8")
        o.output = output.path
        o.segmentDuration = 1
        o.event = true
        o.endlistOnExit = true
        o.inputTimeout = 10
        let sink = RecordingSink(root: output)
        let channel = try LiveChannel(options: o, log: EventLog(output: { _ in }), sink: sink, stateDirectory: output)
        XCTAssertEqual(channel.run(), .stopped)
        let versions = sink.versions()
        XCTAssertGreaterThanOrEqual(versions.count, 4)
        try LiveChecks.assertVersionsValid(versions, maps: try LiveChecks.assetMap(output))
        // Each break: SCTE-35 metadata announced without a duration, then one interstitial (a pod)
        // offered complete, with its span's duration, once its asset is stored (docs/live.md).
        let final = try XCTUnwrap(versions.last?.text)
        let ids = final.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-DATERANGE:") }.compactMap { line -> String? in
            line.range(of: "ID=\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
        }
        XCTAssertEqual(ids.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } },
                       ["ad-0-1-scte35", "ad-0-1", "ad-3-1-scte35", "ad-3-1"])
        for (id, seconds) in [("ad-0-1", 4.0), ("ad-3-1", 2.0)] {
            let first = try XCTUnwrap(versions.first { $0.text.contains("ID=\"\(id)-scte35\"") }, id)
            let announce = first.text.split(separator: "\n").first { $0.contains("ID=\"\(id)-scte35\"") } ?? ""
            XCTAssertFalse(announce.contains(",DURATION="), "\(id) announced before its end: \(announce)")
            let completed = final.split(separator: "\n").last { $0.contains("ID=\"\(id)\"") } ?? ""
            let duration = completed.range(of: ",DURATION=").map { Double(completed[$0.upperBound...].prefix { $0 != "," }) ?? .nan } ?? .nan
            XCTAssertEqual(duration, seconds, accuracy: 0.05, "\(id) completed: \(completed)")
        }
        XCTAssertFalse(final.contains("#EXT-X-DISCONTINUITY\n"), "the primary's timeline is continuous")
        XCTAssertEqual(LivePlaylistText(final).segments.reduce(0) { $0 + $1.duration }, 14, accuracy: 0.1,
                       "overlay: the primary keeps every stitched second")
    }
}
