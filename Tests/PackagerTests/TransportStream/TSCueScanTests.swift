import CueDetect
import XCTest
@testable import Packager

/// The byte-level sources take the cue scanner's events from the indexer's own walk
/// (`TSCueScan`) instead of scanning every packet twice: the events must be `TSSectionScanner`'s,
/// event for event, whatever PMT layout the encoder chose.
final class TSCueScanTests: XCTestCase {
    /// Both ways over `bytes`, fed in pieces of `chunk` bytes (a piece may end inside a packet).
    private func events(_ bytes: [UInt8], chunk: Int = 65_536) -> (scanner: [TSScanEvent], indexer: [TSScanEvent]) {
        var scanner = TSSectionScanner(), scanned: [TSScanEvent] = []
        let indexer = TSIndexer()
        indexer.cueScan = TSCueScan()
        var indexed: [TSScanEvent] = [], units: [TSAccessUnit] = []
        bytes.withUnsafeBytes { all in
            var at = 0
            while at < all.count {
                let piece = UnsafeRawBufferPointer(rebasing: all[at..<min(all.count, at + chunk)])
                scanner.feed(piece, into: &scanned)
                indexer.feed(piece, into: &units)
                indexed += indexer.cueScan?.take() ?? []
                at += chunk
            }
        }
        return (scanned, indexed)
    }

    private func counts(_ events: [TSScanEvent]) -> [Int] {
        var out = [0, 0, 0]
        for event in events {
            switch event {
            case .programMap: out[0] += 1
            case .section: out[1] += 1
            case .videoPTS: out[2] += 1
            }
        }
        return out
    }

    func testTheSampleGivesTheScannersEvents() throws {
        for url in [TestMedia.liveTS, TestMedia.stitchedTS] {
            let (scanner, indexer) = events(try TestMedia.bytes(url), chunk: 65_536 + 100)
            XCTAssertEqual(indexer, scanner, url.lastPathComponent)
            XCTAssertGreaterThan(counts(scanner)[2], 1000)
        }
        // live_scte35: one PMT, ten sections, a PTS for each of its 180 s of 30 fps pictures.
        XCTAssertEqual(counts(events(try TestMedia.bytes(TestMedia.liveTS)).indexer), [1, 10, 5400])
    }

    func testPMTLayoutsGiveTheScannersEvents() throws {
        let source = try TestMedia.bytes(TestMedia.liveTS)
        let layouts: [(String, (Int, inout PMTRewriter.Table) -> Void)] = [
            ("CUEI in the ES loop", { _, table in
                table.programDescriptors = []
                for i in table.streams.indices where table.streams[i].pid == 501 {
                    table.streams[i].descriptors = PMTRewriter.cueiRegistration
                }
            }),
            ("0x86 without a registration", { _, table in table.programDescriptors = [] }),
            ("SCTE-35 PID added by a later PMT version", { index, table in
                if index < 8000 { table.streams.removeAll { $0.pid == 501 } } else { table.version = 1 }
            }),
        ]
        for (name, change) in layouts {
            let (scanner, indexer) = events(PMTRewriter.rewrite(source, pmtPID: 4096, change: change))
            XCTAssertEqual(indexer, scanner, name)
            XCTAssertGreaterThan(counts(scanner)[1], 0, name)
        }
    }
}
