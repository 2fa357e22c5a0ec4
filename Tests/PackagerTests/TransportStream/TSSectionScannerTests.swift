import XCTest
@testable import CueDetect

final class TSSectionScannerTests: XCTestCase {
    /// Feeds `bytes` in chunks of `chunk` bytes (odd sizes exercise packets split across reads).
    static func scan(_ bytes: [UInt8], chunk: Int) -> (events: [TSScanEvent], stats: TSScanStats) {
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        var i = 0
        while i < bytes.count {
            let end = min(i + chunk, bytes.count)
            bytes[i..<end].withUnsafeBytes { scanner.feed($0, into: &events) }
            i = end
        }
        return (events, scanner.stats)
    }

    static func sections(_ events: [TSScanEvent]) -> [ScannedSection] {
        events.compactMap { if case .section(let s) = $0 { return s } else { return nil } }
    }

    /// The next video PES PTS after each section, in file order.
    static func nextVideoPTS(_ events: [TSScanEvent]) -> [UInt64?] {
        var result: [UInt64?] = []
        var pending = 0
        for e in events {
            switch e {
            case .section: result.append(nil); pending += 1
            case .videoPTS(let pts, _, _):
                for k in (result.count - pending)..<result.count { result[k] = pts }
                pending = 0
            case .programMap: break
            }
        }
        return result
    }

    func testFindsEveryCueOfTheLiveFixtureAtThreefivesPacketIndexAndPCR() throws {
        let cues = try XCTUnwrap(try TestMedia.json("live_scte35.cues.json")["cues"] as? [[String: Any]])
        let (events, stats) = Self.scan(try TestMedia.bytes(TestMedia.liveTS), chunk: 1000)
        let found = Self.sections(events)
        XCTAssertEqual(found.count, cues.count)
        XCTAssertEqual(stats.syncLosses, 0)
        XCTAssertEqual(stats.continuityErrors, 0)
        let next = Self.nextVideoPTS(events)
        for (i, (section, cue)) in zip(found, cues).enumerated() {
            let arrival = try XCTUnwrap(cue["arrival"] as? [String: Any])
            XCTAssertEqual(section.pid, 501)
            XCTAssertTrue(section.libavformatExposes)
            XCTAssertEqual(section.packetIndex, Int64(try XCTUnwrap(arrival["packet_index"] as? Int)), "cue \(i)")
            XCTAssertEqual(section.bytes, [UInt8](try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(cue["base64"] as? String)))))
            if let pcr = arrival["last_pcr_s"] as? Double {
                XCTAssertEqual(Double(try XCTUnwrap(section.lastPCR)) / 90_000, pcr, accuracy: 0.000001, "cue \(i)")
            } else {
                XCTAssertNil(section.lastPCR, "cue \(i) arrives before the first PCR")
            }
            let nextPTS = try XCTUnwrap(arrival["next_video_pes_pts_s"] as? Double)
            XCTAssertEqual(Double(try XCTUnwrap(next[i])) / 90_000, nextPTS, accuracy: 0.000001, "cue \(i)")
        }
    }

    func testChunkSizeDoesNotChangeWhatIsFound() throws {
        let bytes = try TestMedia.bytes(TestMedia.stitchedTS)
        let whole = Self.scan(bytes, chunk: bytes.count).events
        XCTAssertEqual(Self.scan(bytes, chunk: 7).events, whole)
        XCTAssertEqual(Self.scan(bytes, chunk: 188 * 7).events, whole)
        XCTAssertEqual(Self.sections(whole).count, 4)
    }

    func testReportsProgramMapWithCUEIInProgramLoop() throws {
        let events = Self.scan(try TestMedia.bytes(TestMedia.liveTS), chunk: 65536).events
        let maps = events.compactMap { if case .programMap(let m) = $0 { return m } else { return nil } }
        XCTAssertEqual(maps.count, 1)
        XCTAssertEqual(maps.first?.programRegistrations, ["CUEI"])
        XCTAssertEqual(maps.first?.scte35PIDs, [501])
        XCTAssertEqual(maps.first?.videoPID, 256)
        XCTAssertEqual(maps.first?.pcrPID, 256)
    }

    func testGarbageBetweenPacketsIsSkippedAndCounted() throws {
        var bytes = try TestMedia.bytes(TestMedia.stitchedTS)
        bytes.insert(contentsOf: [0x00, 0x47, 0x13, 0x99, 0x47], at: 188 * 50)
        let (events, stats) = Self.scan(bytes, chunk: 4096)
        XCTAssertEqual(Self.sections(events).count, 4)
        XCTAssertEqual(stats.syncLosses, 1)
    }
}
