import CueDetect
import XCTest
@testable import Packager

final class TSIndexerTests: XCTestCase {
    static func index(_ bytes: [UInt8], chunk: Int) -> (units: [TSAccessUnit], stats: TSIndexerStats) {
        let indexer = TSIndexer()
        var units: [TSAccessUnit] = []
        var i = 0
        while i < bytes.count {
            let end = min(i + chunk, bytes.count)
            bytes[i..<end].withUnsafeBytes { indexer.feed($0, into: &units) }
            i = end
        }
        indexer.finish(into: &units)
        return (units, indexer.stats)
    }

    func testVideoUnitsCarryFFprobesPTSDTSAndKeyFlagForEveryFrame() throws {
        let clip = try TSOutputMedia.clip()
        let probe = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "packet=pts,dts,flags", "-of", "csv=p=0", clip.url.path])
        let expected = probe.out.split(separator: "\n").map { line -> String in
            let f = line.split(separator: ",")
            return "\(f[0]) \(f[1]) \(f[2].hasPrefix("K"))"
        }
        let video = Self.index(clip.bytes, chunk: 65536).units.filter { $0.kind == .video }
        XCTAssertEqual(expected.count, 300)
        XCTAssertEqual(video.map { "\($0.pts ?? -1) \($0.dts ?? $0.pts ?? -1) \($0.keyframe)" }, expected)
        XCTAssertEqual(video.filter(\.keyframe).count, 12)
        XCTAssertEqual(Set(video.dropLast().map(\.duration)), [3600])
    }

    func testAudioUnitsOfBothTracksStartAtPTSThatFFprobeReports() throws {
        let clip = try TSOutputMedia.clip()
        let units = Self.index(clip.bytes, chunk: 65536).units
        for (track, pid) in [(0, 0x101), (1, 0x102)] {
            let probe = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "a:\(track)", "-show_entries",
                                                      "packet=pts", "-of", "csv=p=0", clip.url.path])
            let framePTS = Set(probe.out.split(separator: "\n").compactMap { Int64($0.filter(\.isNumber)) })
            let pes = units.filter { $0.pid == pid }
            XCTAssertEqual(Set(pes.map(\.kind)), [.audio])
            XCTAssertGreaterThan(pes.count, 30)          // ffmpeg packs about 1/3 s of AAC frames per PES
            XCTAssertTrue(pes.allSatisfy { framePTS.contains($0.pts ?? -1) }, "track \(track)")
        }
    }

    func testChunkSizeDoesNotChangeTheUnits() throws {
        let bytes = try TSOutputMedia.clip().bytes
        let whole = Self.index(bytes, chunk: bytes.count).units
        XCTAssertEqual(Self.index(bytes, chunk: 7).units, whole)
        XCTAssertEqual(Self.index(bytes, chunk: 188 * 5 + 3).units, whole)
    }

    func testFindsTheInjectedSectionsAndTheProgramTables() throws {
        let clip = try TSOutputMedia.clip()
        let units = Self.index(clip.bytes, chunk: 65536).units
        XCTAssertEqual(units.filter { $0.kind == .scte35 }.compactMap(\.section), clip.sections)
        XCTAssertEqual(units.filter { $0.kind == .scte35 }.map(\.pid), [0x1F5, 0x1F5])
        let tables = units.filter { $0.kind == .programTable }
        XCTAssertEqual(tables.map(\.pid), [0, 0x1000])                       // sent once each: repeats are not news
        let indexer = TSIndexer()
        _ = indexer.feed(clip.bytes)
        let pmt = try XCTUnwrap(indexer.programs[0x1000])
        XCTAssertEqual(pmt.streams.map(\.pid), [0x100, 0x101, 0x102, 0x1F5])
        XCTAssertEqual(pmt.streams.map(\.kind), [.video, .audio, .audio, .scte35])
        XCTAssertEqual(pmt.pcrPID, 0x100)
    }

    func testUnitsCoverEveryPacketOfTheirPIDExactlyOnce() throws {
        let clip = try TSOutputMedia.clip()
        let units = Self.index(clip.bytes, chunk: 65536).units
        let packets = TSTestPacket.all(clip.bytes)
        for pid in [0x100, 0x101, 0x102] {
            let count = packets.filter { $0.pid == pid }.count
            XCTAssertEqual(units.filter { $0.pid == pid }.reduce(0) { $0 + $1.packetCount }, count, "PID \(pid)")
        }
    }
}
