import XCTest
@testable import Packager

/// `validate --watch`: a playlist that grows while it is watched, with defects injected by
/// the test, and a real `pkgctl live` run.
final class LiveWatchTests: XCTestCase {
    private var directory: URL!
    private var live: PkgctlLiveProcess?

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws {
        live?.kill()
        try FileManager.default.removeItem(at: directory)
    }

    /// A live version: 1 s segments (a 3 s one where `long` says) from `sequence` on.
    private func version(sequence: Int, count: Int, long: Int? = nil, ended: Bool = false, claimedSequence: Int? = nil) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:\(claimedSequence ?? sequence)",
                     "#EXT-X-PROGRAM-DATE-TIME:" + TimelinePlaylistText.date(Double(sequence))]
        for i in sequence..<(sequence + count) { lines += ["#EXTINF:\(i == long ? "3.000" : "1.000"),", "s\(i).ts"] }
        if ended { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    func testDefectsInAGrowingPlaylistAreReportedOnceWhenTheyAppear() throws {
        let versions = [
            version(sequence: 0, count: 7),
            version(sequence: 0, count: 8),
            version(sequence: 1, count: 8, claimedSequence: 3),   // one segment left, sequence says three
            version(sequence: 1, count: 9, long: 9, claimedSequence: 3),  // 3 s segment above TARGETDURATION 2
            version(sequence: 1, count: 9, long: 9, ended: true, claimedSequence: 3),
        ]
        let file = directory.appendingPathComponent("live.m3u8")
        try Data(versions[0].utf8).write(to: file, options: .atomic)
        var seen: [String] = []
        var reads = 0
        let watch = LiveWatch(input: file.path, options: ValidateOptions(media: .off), durationSeconds: 30)
        let outcome = watch.run(stop: InterruptFlag(), emit: { seen.append("read \(reads + 1): \($0.rule.rawValue)@\($0.line)") },
                                didRead: { count in
            reads = count
            guard count < versions.count else { return }
            try? Data(versions[count].utf8).write(to: file, options: .atomic)
        })
        XCTAssertEqual(outcome, LiveWatch.Outcome(reads: 5, errors: 2, warnings: 0, ended: true))
        XCTAssertEqual(seen, ["read 3: live-media-sequence@4", "read 4: target-duration@22"])
    }

    func testUnchangedPlaylistIsReadAtHalfItsTargetDurationUntilTheDurationEnds() throws {
        let file = directory.appendingPathComponent("live.m3u8")
        try Data(version(sequence: 0, count: 3).utf8).write(to: file)
        let started = Date()
        let outcome = LiveWatch(input: file.path, options: ValidateOptions(media: .off), durationSeconds: 2.5)
            .run(stop: InterruptFlag(), emit: { _ in })
        // Reads at 0 s, after the 1 s last segment, then every 1 s (half of TARGETDURATION 2).
        XCTAssertEqual(outcome, LiveWatch.Outcome(reads: 3, errors: 0, warnings: 0, ended: false))
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
    }

    func testRealPkgctlLiveRunPassesEveryCheckWhileItIsWatched() throws {
        let output = directory.appendingPathComponent("out")
        live = try PkgctlLiveProcess(["live", "-i", TestMedia.liveTS.path, "--realtime", "--speed", "10", "-o", output.path,
                                      "--state-dir", directory.appendingPathComponent("state").path, "--endlist-on-exit"])
        let master = output.appendingPathComponent("master.m3u8")
        let appeared = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: master.path), Date() < appeared { Thread.sleep(forTimeInterval: 0.1) }
        var findings: [Finding] = []
        let options = ValidateOptions(maps: [URLMapping(prefix: "http://127.0.0.1:8000/", directory: output.path)], media: .on)
        let outcome = LiveWatch(input: master.path, options: options, durationSeconds: 60)
            .run(stop: InterruptFlag(), emit: { findings.append($0) })
        XCTAssertEqual(findings.map { "\($0.file):\($0.line) [\($0.rule.rawValue)] \($0.message)" }, [])
        XCTAssertTrue(outcome.ended, "the channel ends with EXT-X-ENDLIST (--endlist-on-exit)")
        XCTAssertGreaterThanOrEqual(outcome.reads, 3)
        XCTAssertEqual(live?.waitForExit(timeout: 10)?.status, 0)
    }
}
