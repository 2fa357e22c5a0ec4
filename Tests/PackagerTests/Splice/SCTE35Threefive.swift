import CueDetect
import Foundation
import XCTest

/// SCTE-35 in a TS, both ways round for tests: sections injected on their own PID (stream_type
/// 0x86, `CUEI` in the program loop) just before the first video PES at or after their arrival,
/// and every section read back by threefive (an independent SCTE-35 reader, from PyPI).
enum SCTE35Threefive {
    static let pid = 0x1F5

    struct Read {
        var bytes: [UInt8]
        /// threefive's pts_adjustment and splice_insert pts_time, in 90 kHz ticks.
        var ptsAdjustment: Int64
        var ptsTime: Int64?
    }

    /// `ts` with `sections` (each arriving at a 90 kHz PTS) added.
    static func inject(_ ts: [UInt8], sections: [(bytes: [UInt8], arrival: Int64)]) throws -> [UInt8] {
        let outline = try TSScanOutline(ts)
        let out = try outline.inserting(sections, pid: pid, into: ts)
        return PMTRewriter.rewrite(out, pmtPID: outline.pmtPID, change: { _, table in
            guard !table.streams.contains(where: { $0.pid == pid }) else { return }
            table.streams.append(.init(type: 0x86, pid: pid, descriptors: []))
            table.programDescriptors += PMTRewriter.cueiRegistration
        })
    }

    private static let script = """
        import json, sys, threefive
        def show(cue):
            d = cue.get()
            t = d["command"].get("pts_time")
            print(json.dumps({"hex": cue.bites.hex(), "adj": round(d["info_section"]["pts_adjustment"] * 90000),
                              "time": None if t is None else round(t * 90000)}))
        threefive.Stream(sys.argv[1]).decode(func=show)
        """

    /// Every section threefive finds in `file`, in order.
    static func read(_ file: URL) throws -> [Read] {
        // The python3 on PATH: the one scripts/deps.sh installed threefive for.
        let run = try ToolRun.run("/usr/bin/env", ["python3", "-c", script, file.path])
        XCTAssertEqual(run.status, 0, "threefive on \(file.lastPathComponent): \(run.errors)")
        return try run.output.split(separator: "\n").map { line in
            let object = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: Data(line.utf8)))
            let hex = try XCTUnwrap(object["hex"] as? String)
            var bytes: [UInt8] = []
            var i = hex.startIndex
            while i < hex.endIndex, let next = hex.index(i, offsetBy: 2, limitedBy: hex.endIndex),
                  let byte = UInt8(hex[i..<next], radix: 16) {
                bytes.append(byte)
                i = next
            }
            return Read(bytes: bytes, ptsAdjustment: try XCTUnwrap(object["adj"] as? Int64), ptsTime: object["time"] as? Int64)
        }
    }

    /// The PMT entries of `file` as pkgctl's own scanner reads them.
    static func programMaps(_ file: URL) throws -> [ProgramMap] {
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        scanner.feed([UInt8](try Data(contentsOf: file)), into: &events)
        return events.compactMap { e -> ProgramMap? in if case .programMap(let m) = e { return m }; return nil }
    }
}
