import XCTest
@testable import Packager

private struct ServerDidNotStart: Error, CustomStringConvertible {
    let output: String
    var description: String { "python3 -m http.server did not report a port (python3 comes from scripts/deps.sh): \(output)" }
}

/// Playlists fetched over http: the fixture directory served by python3's http.server.
final class TimelineHTTPTests: XCTestCase {
    private var server: Process?

    override func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
        server = nil
        super.tearDown()
    }

    /// Starts `python3 -u -m http.server 0` in the fixture directory and returns its port,
    /// read from the "Serving HTTP on … port N" line.
    private func serveFixtures() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                             "--directory", TimelineFixtures.root]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "port "),
              let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            throw ServerDidNotStart(output: text)
        }
        return port
    }

    func testMultivariantPlaylistOverHTTPFollowsTheRelativeVideoVariant() throws {
        let port = try serveFixtures()
        let master = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/master.m3u8"))
        let input = try TimelineLoader().load(.remote(master))
        XCTAssertEqual(input.mediaPlaylist.description, "http://127.0.0.1:\(port)/point_resume0.m3u8")
        let snapshot = IntegratedTimeline.snapshot(of: input)
        XCTAssertEqual(snapshot.durationNanos, TimelineFixtures.seconds(100))
        XCTAssertEqual(snapshot.playoutDurationNanos, TimelineFixtures.seconds(115))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-20 o:0-20 p:0-20", "ad1 20-20 o:20-35 p:20-20", "primary 20-100 o:35-115 p:20-100"])
    }

    func testMissingPlaylistOverHTTPReportsTheStatus() throws {
        let port = try serveFixtures()
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/nothing.m3u8"))
        XCTAssertThrowsError(try TimelineLoader().load(.remote(url))) { error in
            XCTAssertEqual(error as? TimelineError, .unreadable(location: url.absoluteString, reason: "HTTP status 404"))
        }
    }

    func testRemoteAssetListIsNotFetched() throws {
        // Asking an ad server for an asset list is an ad decision; over http the list stays
        // unread and the duration comes from PLANNED-DURATION (30 s) instead of its 29.75 s.
        let port = try serveFixtures()
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/asset_list.m3u8"))
        let snapshot = IntegratedTimeline.snapshot(of: try TimelineLoader().load(.remote(url)))
        XCTAssertEqual(TimelineFixtures.summary(snapshot),
                       ["primary 0-10 o:0-10 p:0-10", "pod 10-40 o:10-40 p:10-10", "primary 40-130 o:40-130 p:10-100"])
        XCTAssertEqual(snapshot.segments[1].interstitial?.assets, [])
    }
}
