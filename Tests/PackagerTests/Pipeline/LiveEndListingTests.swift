import DateRangeWriter
import Foundation
import XCTest
@testable import Packager

/// Every rendition's last segment closes at once (the input's end, a stop): they are listed in
/// one listing, one commit and each playlist once, not one after the other (where the second
/// rendition's segment waited for the first's whole listing).
final class LiveEndListingTests: TemporaryDirectoriesTestCase {

    func testSegmentsStoredTogetherAreListedByOneCommit() {
        var h = PresentationHarness(options: PresentationHarness.options(), renditions: 2)
        h.confirmAtOnce = false
        h.segment(.primary, from: 0, to: 6, index: 0, rendition: 0)
        h.segment(.primary, from: 0, to: 6, index: 0, rendition: 1)
        XCTAssertEqual(h.unconfirmed, ["primary/seg_00000.ts", "primary_1/seg_00000.ts"])
        h.run(h.presentation.stored(h.unconfirmed, now: h.now))
        XCTAssertEqual(h.stateSaves, 1)
        XCTAssertEqual(h.versions[OutputLayout.renditionPlaylist(0)]?.count, 1)
        XCTAssertEqual(h.versions[OutputLayout.renditionPlaylist(1)]?.count, 1)
        XCTAssertTrue(h.playlist(0).hasSuffix("#EXTINF:6.000,\nseg_00000.ts\n"), h.playlist(0))
        XCTAssertTrue(h.playlist(1).hasSuffix("#EXTINF:6.000,\nseg_00000.ts\n"), h.playlist(1))
        let listed = h.logs.filter { $0.1 == .segment }.compactMap { line -> String? in
            if case .string(let name)? = line.2.pairs.first(where: { $0.key == "name" })?.value { return name }
            return nil
        }
        XCTAssertEqual(listed, ["primary/seg_00000.ts", "primary_1/seg_00000.ts"])
    }

    /// Through the publisher and a file sink: nothing is listed while the segments are handed in.
    func testThePublisherListsSegmentsHandedInTogetherOnceAllAreStored() throws {
        let dir = try temporaryDirectory()
        var options = PresentationHarness.options()
        options.output = dir.path
        var presentation = LivePresentation(state: LiveState(options: options), options: options)
        presentation.startEpoch(variants: Array(repeating: VariantDescription(codecs: "avc1.64001f,mp4a.40.2"), count: 2),
                                discontinuity: false)
        presentation.anchor(ticks: 0, wallMillis: 1_800_000_000_000)
        let lines = LineRecorder()
        let publisher = LivePublisher(presentation: presentation, sink: AtomicFileSink(root: dir, durability: .process),
                                      store: JournaledLiveStateStore(directory: dir, durability: .process),
                                      log: EventLog(output: { lines.append($0) }), registry: nil, metrics: nil)
        let playlists = (0..<2).map { dir.appendingPathComponent(OutputLayout.renditionPlaylist($0)).path }
        publisher.listingTogether {
            publisher.segment(segment(rendition: 0), receivedAt: Date())
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("primary/seg_00000.ts").path))
            XCTAssertFalse(FileManager.default.fileExists(atPath: playlists[0]), "listed before the other rendition's segment")
            publisher.segment(segment(rendition: 1), receivedAt: Date())
        }
        for path in playlists {
            XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("seg_00000.ts\n"), path)
        }
        XCTAssertEqual(lines.lines.filter { $0.contains("\"event\":\"segment\"") }.count, 2)
    }

    private func segment(rendition: Int) -> FinishedSegment {
        FinishedSegment(target: .primary, rendition: rendition, index: 0, startTicks: 0, durationTicks: 540_000,
                        bytes: Data(repeating: 0x47, count: 188), isLast: false)
    }
}
