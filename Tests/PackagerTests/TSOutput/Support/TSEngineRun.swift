import CueDetect
import Foundation
import XCTest
@testable import Packager

/// Runs the TS engine in-process over a file, the way the pipeline would: index window by
/// window, route the units, release the input behind the writers.
struct TSEngineRun {
    var segments: [TSRoutedSegment]
    var spans: [TSCutSpan]
    var stats: TSIndexerStats
    var shift: Int64

    static func cut(_ input: URL, into dir: URL, targetSeconds: Double = 2, spans: [TSCutSpan] = [],
                    layout: TSOutputRouter.Layout = .filePerSegment,
                    passthroughThreshold: Int? = nil) throws -> TSEngineRun {
        let window = try TSInputWindow(mappingFile: input.path)
        let indexer = TSIndexer()
        let router = try TSOutputRouter(
            input: window, indexer: indexer, targetTicks: Int64(targetSeconds * 90_000), spans: spans, layout: layout,
            segmentPath: { target, index in
                let name: String
                switch target {
                case .primary: name = "primary"
                case .asset(let serial): name = "asset\(serial)"
                }
                return dir.appendingPathComponent(layout == .singleFile ? "\(name).ts" : "\(name)-\(index).ts").path
            })
        if let passthroughThreshold { router.passthroughThreshold = passthroughThreshold }
        var units: [TSAccessUnit] = []
        var k: Int64 = 0
        while let bytes = try window.fileWindow(k) {
            units.removeAll(keepingCapacity: true)
            indexer.feed(bytes, into: &units)
            for unit in units { try router.consume(unit) }
            if let oldest = router.oldestNeededOffset { window.release(before: oldest) }
            k += 1
        }
        units.removeAll()
        indexer.finish(into: &units)
        for unit in units { try router.consume(unit) }
        let segments = try router.finish()
        return TSEngineRun(segments: segments, spans: router.spans.values.sorted { $0.serial < $1.serial },
                           stats: indexer.stats, shift: router.shift)
    }

    func files(_ target: OutputTarget) -> [URL] {
        segments.filter { $0.target == target }.map { URL(fileURLWithPath: $0.written.path) }
    }

    /// The target's segments back to back, as a player fetching them in order would read them.
    func concatenated(_ target: OutputTarget, into url: URL) throws -> URL {
        var bytes = Data()
        for s in segments where s.target == target {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: s.written.path))
            try handle.seek(toOffset: UInt64(s.written.offset))
            bytes += try handle.read(upToCount: Int(s.written.length)) ?? Data()
            try handle.close()
        }
        try bytes.write(to: url)
        return url
    }
}

/// The ffmpeg and ffprobe command-line tools, output captured (tests only).
enum MediaTool {
    static func run(_ tool: String, _ arguments: [String]) throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var outText = Data(), errText = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errText = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        outText = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (String(decoding: outText, as: UTF8.self), String(decoding: errText, as: UTF8.self), process.terminationStatus)
    }

    /// What `ffmpeg -v error` says decoding every stream of `url` (empty: it decodes cleanly).
    static func decodeErrors(_ url: URL) throws -> String {
        let r = try run("ffmpeg", ["-v", "error", "-nostdin", "-i", url.path, "-map", "0:v", "-map", "0:a", "-f", "null", "-"])
        return r.err + (r.status == 0 ? "" : "exit \(r.status)")
    }

    /// Per-frame hash lines (stream, dts, pts, duration, size, hash) of `maps` of `url`;
    /// `copy`: of the compressed packets (framemd5) instead of decoded frames. Decoded frames are
    /// hashed with 128-bit MurmurHash3 (ffmpeg's framehash muxer, same columns as framemd5):
    /// hashing raw 720p pictures with MD5 cost more CPU than decoding them (live_scte35: 12 s of
    /// 20 s), and telling frames apart needs no cryptographic hash. Compare lines only with
    /// lines of the same `copy`.
    static func frameHashes(_ url: URL, maps: [String], copy: Bool) throws -> [[String]] {
        try frameHashRun(url, maps: maps, copy: copy).lines
    }

    /// `frameHashes(url, maps:, copy: false)` and, from the same decode, what `ffmpeg -v error` said
    /// (plus the exit status if it failed): empty when every frame decoded cleanly. One decode
    /// where `frameHashes` then `decodeErrors` of the same file take two; the hash muxer can only
    /// add complaints (about timestamps) that `-f null` would not make, never hide a decoder's.
    static func decodedFrameHashes(_ url: URL, maps: [String]) throws -> (lines: [[String]], errors: String) {
        try frameHashRun(url, maps: maps, copy: false)
    }

    private static func frameHashRun(_ url: URL, maps: [String], copy: Bool) throws -> (lines: [[String]], errors: String) {
        var args = ["-v", "error", "-nostdin", "-copyts", "-i", url.path]
        for m in maps { args += ["-map", m] }
        args += copy ? ["-c", "copy", "-f", "framemd5", "-"] : ["-f", "framehash", "-hash", "murmur3", "-"]
        let r = try run("ffmpeg", args)
        let lines = r.out.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        return (lines, r.err + (r.status == 0 ? "" : "exit \(r.status)"))
    }

    /// A file's inode and hard-link count (a mirrored asset segment is the primary's file).
    static func inode(_ url: URL) throws -> (inode: UInt64, links: Int) {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (try XCTUnwrap((attributes[.systemFileNumber] as? NSNumber)?.uint64Value, "inode of \(url.path)"),
                try XCTUnwrap((attributes[.referenceCount] as? NSNumber)?.intValue, "link count of \(url.path)"))
    }

    /// `files` back to back in `url` (TS segments played in order).
    static func concatenate(_ files: [URL], into url: URL) throws -> URL {
        var bytes = Data()
        for file in files { bytes += try Data(contentsOf: file) }
        try bytes.write(to: url)
        return url
    }

    static func probeStreams(_ url: URL) throws -> [[String: Any]] {
        let r = try run("ffprobe", ["-v", "error", "-show_streams", "-of", "json", url.path])
        let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        return object?["streams"] as? [[String: Any]] ?? []
    }
}

/// Comparing frame hash lines stream by stream: the packets (size, hash) must be the same and
/// in the same order; timestamps may differ by `tolerance` ticks (an audio PES split at a cut
/// times its second half by frame count, within a tick of libavformat's accumulated times);
/// interleaving across streams and side-data columns are not compared.
enum FrameLines {
    static func assertSame(_ output: [[String]], _ source: [[String]], tolerance: Int64,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let group = { (lines: [[String]]) in Dictionary(grouping: lines.filter { $0.count >= 6 }, by: { $0[0] }) }
        let (a, b) = (group(output), group(source))
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted(), file: file, line: line)
        for (stream, mine) in a {
            let theirs = b[stream] ?? []
            XCTAssertEqual(mine.map { $0[4] + " " + $0[5] }, theirs.map { $0[4] + " " + $0[5] }, "stream \(stream)", file: file, line: line)
            let off = zip(mine, theirs).filter { m, t in
                abs((Int64(m[1]) ?? 0) - (Int64(t[1]) ?? 0)) > tolerance || abs((Int64(m[2]) ?? 0) - (Int64(t[2]) ?? 0)) > tolerance
            }
            XCTAssertEqual(off.count, 0, "stream \(stream): first timestamps off: \(off.first.map { "\($0.0) vs \($0.1)" } ?? "")",
                           file: file, line: line)
        }
    }
}
