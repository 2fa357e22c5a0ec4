import CueDetect
import Foundation
import XCTest
@testable import Packager

/// Kill -9 at every step of the publish sequence (segment, state, playlist, asset list), in
/// process: whatever the last saved state was, a restart from it never goes back in sequence,
/// never hands out a published segment name for other media, and never re-announces a
/// published date range with other values.
final class CrashSafetyTests: XCTestCase {
    private typealias D = Decisions
    private let t = PlannerHarness.ticks

    /// 16 segments of 6 s with an overlay break at 30–60 (its asset pieces stored as it airs)
    /// and one announced at 120 that the input ends inside.
    private func drive(_ h: inout PresentationHarness, from first: Int = 0) {
        for i in first..<16 {
            let start = Double(i) * 6
            if start == 24 { h.decide(D.route(1, start: 30, placement: .overlay, planned: 30)) }
            if start == 30 {
                h.record(.spanIn(key: 1, inputTicks: t(30), primaryTicks: t(30)))
                h.record(.pieceIn(AssetKey(span: 1, piece: 0), inputTicks: t(30)))
            }
            if (30..<60).contains(start) {
                h.segment(.asset(AssetKey(span: 1, piece: 0)), from: start, to: start + 6, index: Int((start - 30) / 6))
            }
            if start == 60 {
                h.decide(D.end(1, at: 60))
                h.record(.pieceOut(AssetKey(span: 1, piece: 0), inputTicks: t(60)))
                h.record(.spanOut(key: 1, inputTicks: t(60), primaryTicks: t(60)))
            }
            if start == 84 { h.decide(D.route(2, start: 90, placement: .overlay, planned: 60)) }
            h.segment(.primary, from: start, to: start + 6, index: i)
        }
    }

    func testRestartFromWhateverStateWasLastSavedNeverContradictsWhatWasPublished() throws {
        var reference = PresentationHarness()
        drive(&reference)
        let steps = reference.actionsRun
        XCTAssertGreaterThan(steps, 60)
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 1...steps {
            try? FileManager.default.removeItem(at: dir)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var before = PresentationHarness()
            before.crashAfter = k
            before.store = JournaledLiveStateStore(directory: dir, durability: .process)
            drive(&before)
            // What a restart reads from the state file and its journal is the state saved last.
            let state = try JournaledLiveStateStore(directory: dir, durability: .process).load()
            let inMemory = try before.savedState.map { try JSONDecoder().decode(LiveState.self, from: $0) }
            XCTAssertEqual(state?.window, inMemory?.window, "step \(k)")
            XCTAssertEqual(state?.retention, inMemory?.retention, "step \(k)")
            XCTAssertEqual(state?.ledger.render(), inMemory?.ledger.render(), "step \(k)")
            // The restarted channel comes back a few seconds later with other media (4 s GOPs).
            let lastEnd = state?.lastSegmentEndMillis ?? 1_700_000_000_000
            var after = PresentationHarness(state: state, wallMillis: lastEnd + 5_000)
            after.run(after.presentation.completeSpansLeftOpen(now: after.now))
            for i in 0..<4 { after.segment(.primary, from: Double(i) * 4, to: Double(i + 1) * 4, index: i) }
            try assertConsistent(before.versions["primary/index.m3u8"] ?? [], after.versions["primary/index.m3u8"] ?? [],
                                 step: k)
        }
    }

    private func assertConsistent(_ before: [String], _ after: [String], step k: Int) throws {
        guard let lastBefore = before.last else { return }
        let published = LivePlaylistText(lastBefore)
        var segments: [String: LivePlaylistText.Segment] = [:]
        var ranges: [String: String] = [:]
        for text in before {
            let p = LivePlaylistText(text)
            for s in p.segments { segments[s.uri] = s }
            for line in text.split(separator: "\n") where line.hasPrefix("#EXT-X-DATERANGE") {
                let id = LivePlaylistText.attributes(String(line.dropFirst("#EXT-X-DATERANGE:".count)))["ID"] ?? ""
                if ranges[id] == nil { ranges[id] = String(line) }
            }
        }
        for text in after {
            let p = LivePlaylistText(text)
            XCTAssertGreaterThanOrEqual(p.mediaSequence, published.mediaSequence, "step \(k): media sequence went back")
            for s in p.segments {
                if let old = segments[s.uri] {
                    XCTAssertEqual(old.duration, s.duration, "step \(k): \(s.uri) reused for other media")
                    XCTAssertEqual(old.pdtMillis, s.pdtMillis, "step \(k): \(s.uri) reused for other media")
                }
            }
            for line in text.split(separator: "\n") where line.hasPrefix("#EXT-X-DATERANGE") {
                let attributes = LivePlaylistText.attributes(String(line.dropFirst("#EXT-X-DATERANGE:".count)))
                guard let id = attributes["ID"], let first = ranges[id] else { continue }
                let original = LivePlaylistText.attributes(String(first.dropFirst("#EXT-X-DATERANGE:".count)))
                for (name, value) in original where attributes[name] != nil {
                    XCTAssertEqual(attributes[name], value, "step \(k): \(id) \(name) changed after the restart")
                }
            }
        }
    }
}
