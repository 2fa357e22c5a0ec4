import XCTest
@testable import Packager

/// A TS file with two video renditions cut to TS in its own packets: each rendition's output
/// carries its own video PID only (the PMT lists nothing else of the other), keeps the
/// programme clock although its PCR rode on the other rendition's video, and decodes to the
/// frames the libavformat engine muxes, cut at the same places.
final class TSRenditionOutputTests: XCTestCase {
    private static var made: (dir: URL, auto: URL, libavformat: URL, pids: [Int])?

    override class func tearDown() {
        if let made { try? FileManager.default.removeItem(at: made.dir) }
        made = nil
        super.tearDown()
    }

    /// `pkgctl vod` of the two-rendition clip through both engines, once for the class.
    private func outputs() throws -> (auto: URL, libavformat: URL, pids: [Int]) {
        if let made = Self.made { return (made.auto, made.libavformat, made.pids) }
        let dir = try TestMedia.temporaryDirectory()
        let media = try TwoRenditionMedia.make(in: dir)
        var options = VodOptions()
        options.sidecar = media.cues
        let auto = dir.appendingPathComponent("auto"), libavformat = dir.appendingPathComponent("libavformat")
        _ = try VodPipeline.run(input: media.ts.path, output: auto, options: options)
        options.engine = .libavformat
        _ = try VodPipeline.run(input: media.ts.path, output: libavformat, options: options)
        let pids = try XCTUnwrap(try TSStreamProbe.read(path: media.ts.path)).streams.compactMap { stream -> Int? in
            if case .video = stream.content { return stream.pid }
            return nil
        }
        Self.made = (dir, auto, libavformat, pids)
        return (auto, libavformat, pids)
    }

    private func segments(_ root: URL, _ rendition: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(rendition).path)
            .filter { $0.hasSuffix(".ts") }.sorted().map { root.appendingPathComponent(rendition + "/" + $0) }
    }

    func testEachRenditionIsCutWhereLibavformatCutsItAndDecodesToItsFrames() throws {
        let (auto, libavformat, _) = try outputs()
        for rendition in ["primary", "primary_1"] {
            XCTAssertEqual(try String(contentsOf: auto.appendingPathComponent(rendition + "/index.m3u8"), encoding: .utf8),
                           try String(contentsOf: libavformat.appendingPathComponent(rendition + "/index.m3u8"), encoding: .utf8),
                           rendition)
        }
        // The second rendition's segments back to back: the same pictures and audio frames.
        let concat = { (root: URL, name: String) -> URL in
            try MediaTool.concatenate(try self.segments(root, "primary_1"), into: root.appendingPathComponent(name))
        }
        let theirs = try MediaTool.frameHashes(try concat(libavformat, "all.ts"), maps: ["0:v", "0:a"], copy: false)
        XCTAssertGreaterThan(theirs.filter { $0.first == "0" }.count, 1400)
        try FrameLines.assertSame(try MediaTool.frameHashes(try concat(auto, "all.ts"), maps: ["0:v", "0:a"], copy: false),
                                  theirs, tolerance: 0)
    }

    /// PCR bases of `pid` in `files`, in order.
    private func clock(_ files: [URL], pid: Int) throws -> [UInt64] {
        var bases: [UInt64] = []
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            for start in stride(from: 0, to: bytes.count - 187, by: 188) {
                let p = bytes[start..<(start + 188)]
                guard Int(p[start + 1] & 0x1F) << 8 | Int(p[start + 2]) == pid, p[start + 3] & 0x20 != 0,
                      p[start + 4] >= 7, p[start + 5] & 0x10 != 0 else { continue }
                var base: UInt64 = 0
                for i in 6..<10 { base = base << 8 | UInt64(p[start + i]) }
                bases.append(base << 1 | UInt64(p[start + 10] >> 7))
            }
        }
        return bases
    }

    func testSecondRenditionListsOnlyItsOwnVideoAndKeepsTheClockOfTheFirst() throws {
        let (auto, _, pids) = try outputs()
        XCTAssertEqual(pids.count, 2)
        let (first, second) = (pids[0], pids[1])
        var counters: [Int: Int] = [:]
        var checked = (segments: 0, pmts: 0)
        let files = try segments(auto, "primary_1")
        for url in files {
            checked.segments += 1
            let bytes = [UInt8](try Data(contentsOf: url))
            var pcrs = 0
            for start in stride(from: 0, to: bytes.count - 187, by: 188) {
                let p = bytes[start..<(start + 188)]
                let pid = Int(p[start + 1] & 0x1F) << 8 | Int(p[start + 2])
                let control = p[start + 3] >> 4 & 0x3, counter = Int(p[start + 3] & 0x0F)
                if pid == 0x1000 {                   // the PMT: this rendition's video, not the other's
                    let length = 3 + (Int(p[start + 6] & 0x0F) << 8 | Int(p[start + 7]))
                    let streams = TSProgramTable(section: Array(p[(start + 5)...].prefix(length)), pid: pid)?.streams.map(\.pid) ?? []
                    XCTAssertTrue(streams.contains(second) && !streams.contains(first), "\(url.lastPathComponent): PMT lists \(streams)")
                    checked.pmts += 1
                }
                if pid == first {                    // only its PCRs, in packets of their own
                    XCTAssertEqual(control, 2, "\(url.lastPathComponent): a payload packet of the other rendition")
                    pcrs += 1
                }
                if control & 1 != 0 {                // payload: counters run on across segments
                    if let last = counters[pid], pid != 0, pid != 0x1000 {
                        XCTAssertEqual(counter, (last + 1) & 0x0F, "\(url.lastPathComponent): PID \(pid) continuity")
                    }
                    counters[pid] = counter
                }
            }
            XCTAssertGreaterThan(pcrs, 0, "\(url.lastPathComponent) carries no PCR")
        }
        // 50 s of media (70 s less the 20 s break) in 6 s segments, each with its PMT.
        XCTAssertEqual([checked.segments, checked.pmts], [9, 9])
        // Every PCR the first rendition's output carries (re-timed past the break), and no other.
        let own = try clock(try segments(auto, "primary"), pid: first)
        XCTAssertGreaterThan(own.count, 500)
        XCTAssertEqual(try clock(files, pid: first), own)
    }
}
