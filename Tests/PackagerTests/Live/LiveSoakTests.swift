import Foundation
import XCTest
@testable import Packager

/// Three hours of input through one channel, read as fast as it decodes (a minute of media with
/// a 15 s break, looped): what the channel keeps — asset directories, files, state, playlist —
/// must stop growing once the window is full, instead of growing with every break as it did
/// (issue 15: 267 asset directories and a state file tripling in 3.3 h).
final class LiveSoakTests: XCTestCase {
    /// Counts what goes through an AtomicFileSink and samples the output at chosen moments.
    private final class SamplingSink: PublishSink, @unchecked Sendable {
        struct Sample: Equatable {
            var assetDirectories: Int
            var files: Int
            var stateBytes: Int
            var journalLines: Int
            /// Names waiting out their availability before deletion (a journal line each).
            var waiting: Int
            var playlistBytes: Int
        }

        let root: URL
        private let inner: AtomicFileSink
        private let lock = NSLock()
        private(set) var primarySegments = 0
        private(set) var samples: [Int: Sample] = [:]
        let sampleAt: Set<Int>
        let stopAt: Int
        var onStop: (() -> Void)?

        init(root: URL, sampleAt: Set<Int>, stopAt: Int) {
            self.root = root
            inner = AtomicFileSink(root: root)
            self.sampleAt = sampleAt
            self.stopAt = stopAt
        }

        var stats: PublishStats { inner.stats }

        func put(_ data: Data, name: String, kind: PublishedKind) throws {
            try inner.put(data, name: name, kind: kind)
            guard name.hasPrefix("primary/seg_") else { return }
            lock.lock()
            primarySegments += 1
            let n = primarySegments
            lock.unlock()
            if sampleAt.contains(n) { samples[n] = sample() }
            if n == stopAt { onStop?() }
        }

        func delete(name: String) throws { try inner.delete(name: name) }
        func flush(timeout: Double) throws {}
        func syncPublished() throws -> [String] { try inner.syncPublished() }

        private func sample() -> Sample {
            let fm = FileManager.default
            let assets = (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("assets").path)) ?? []
            let files = fm.enumerator(atPath: root.path)?.allObjects.count ?? 0
            let size = { (name: String) in (try? fm.attributesOfItem(atPath: self.root.appendingPathComponent(name).path)[.size] as? Int) ?? 0 }
            // The state saved last is the journal's last line (the state file is a checkpoint).
            let journal = (try? String(contentsOf: self.root.appendingPathComponent(StateJournal.name), encoding: .utf8))?
                .split(separator: "\n") ?? []
            let last = journal.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return Sample(assetDirectories: assets.count, files: files, stateBytes: journal.last?.utf8.count ?? 0,
                          journalLines: journal.count, waiting: (last?["state"] as? [String: Any])?["journaledRemovals"] as? Int ?? -1,
                          playlistBytes: size("primary/index.m3u8"))
        }
    }

    func testThreeHoursOfBreaksKeepAssetsFilesStateAndPlaylistBounded() throws {
        // Low-rate video: what is measured is per segment and per break, not per byte, and
        // three hours at x264's default rate is 1 GB of TS to read (most of this test's time).
        let media = try GeneratedMedia.ts(seconds: 60, videoKbps: 64)
        var sheet = CueSheetFile(t0Ticks: try GeneratedMedia.t0(media))
        sheet.splice(event: 7, from: 20, to: 35)
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cues = dir.appendingPathComponent("cues.txt")
        try sheet.write(to: cues)
        var o = LiveOptions()
        o.input = media.path
        o.output = dir.appendingPathComponent("out").path
        o.sidecar = cues
        o.loop = true
        o.windowSegments = 10
        o.windowSeconds = nil
        o.keepExtra = 0
        try FileManager.default.createDirectory(atPath: o.output, withIntermediateDirectories: true)
        // 6 s segments cut at 20 and 35 s: 12 per looped minute, 720 an hour; sampled every five
        // minutes, so each hour's samples see every phase of the break cycle.
        let perHour = 720
        let sink = SamplingSink(root: URL(fileURLWithPath: o.output), sampleAt: Set(stride(from: 60, through: 3 * perHour, by: 60)),
                                stopAt: 3 * perHour)
        let channel = try LiveChannel(options: o, log: EventLog(output: { _ in }), sink: sink, stateDirectory: URL(fileURLWithPath: o.output))
        sink.onStop = { [channel] in channel.interrupt.raise() }
        XCTAssertEqual(channel.run(), .stopped)
        guard sink.samples.count == 36 else { return XCTFail("the run stopped before three hours: \(sink.primarySegments) segments") }
        func hour(_ h: Int) -> [SamplingSink.Sample] {
            sink.samples.filter { ($0.key - 1) / perHour == h - 1 }.map(\.value)
        }
        let (first, second, third) = (hour(1), hour(2), hour(3))
        let peak = { (samples: [SamplingSink.Sample], value: (SamplingSink.Sample) -> Int) in samples.map(value).max() ?? 0 }
        // 180 breaks aired; only those still in (or just out of) the 60 s window keep their assets.
        XCTAssertLessThanOrEqual(peak(third, \.assetDirectories), 3, "\(third)")
        // Deletions run at the live tick, four times a second of wall time, and this channel makes
        // about 40 segments a second (2,160 in 53 s in CI): a sample may land with up to a tick's
        // worth of names (about ten) not yet deleted, so an hour's peak varies by that much
        // (27–41 files within one hour of a CI run, 42 in the third). Growth with every break, the
        // bug this guards against, is hundreds of files by the third hour.
        let tickSlack = 12
        XCTAssertLessThanOrEqual(peak(third, \.files), peak(first, \.files) + tickSlack, "files keep growing: \(first) → \(third)")
        XCTAssertLessThanOrEqual(peak(third, \.playlistBytes), peak(first, \.playlistBytes) + 64, "the playlist keeps growing")
        // The state grows until 256 used IDs are remembered (about two hours of breaks here), then stops.
        XCTAssertLessThanOrEqual(peak(third, \.stateBytes), peak(second, \.stateBytes) + 512,
                                 "state keeps growing: \(peak(first, \.stateBytes)) → \(peak(second, \.stateBytes)) → \(peak(third, \.stateBytes))")
        // Names wait out their availability on the media clock here: a bounded number.
        XCTAssertLessThanOrEqual(peak(third, \.waiting), peak(first, \.waiting) + tickSlack, "waiting names keep growing: \(third)")
        XCTAssertGreaterThan(peak(first, \.waiting), 0)
        // The state journal is rewritten by the save that takes it past twice the lines the state
        // relies on (the window's 10 segments, the ledger's date ranges, at most four breaks' here,
        // and the names waiting to be deleted) plus 64, so it never holds more than that, whatever the hour.
        let waiting = peak(first + second + third, \.waiting)
        XCTAssertLessThanOrEqual(peak(first + second + third, \.journalLines), 2 * (10 + 4 + waiting) + 64, "\(third)")
        XCTAssertGreaterThan(peak(third, \.journalLines), 0)
    }
}
