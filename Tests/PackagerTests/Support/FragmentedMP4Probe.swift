import Foundation
import XCTest

/// A fragmented MP4 output read back: how many fragments a segment holds, and every sample of
/// the init segment and its segments played in order as ffprobe reads them.
enum FragmentedMP4Probe {
    /// moof boxes at the top level of `bytes` (nil when the boxes do not add up to its length).
    static func fragments(_ bytes: Data) -> Int? {
        let bytes = [UInt8](bytes)
        var offset = 0, moofs = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "moof" { moofs += 1 }
            guard size >= 8 else { return nil }
            offset += size
        }
        return offset == bytes.count ? moofs : nil
    }

    /// The sample count of each track run in the last fragment of `bytes`, in file order (nil
    /// when there is no moof or its boxes do not parse).
    static func lastFragmentSampleCounts(_ bytes: Data) -> [Int]? {
        let bytes = [UInt8](bytes)
        func boxes(_ range: Range<Int>) -> [(type: String, body: Range<Int>)]? {
            var out: [(String, Range<Int>)] = []
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                guard size >= 8, offset + size <= range.upperBound else { return nil }
                out.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), offset + 8..<offset + size))
                offset += size
            }
            return out
        }
        guard let top = boxes(0..<bytes.count), let moof = top.last(where: { $0.type == "moof" }),
              let trafs = boxes(moof.body)?.filter({ $0.type == "traf" }) else { return nil }
        var counts: [Int] = []
        for traf in trafs {
            // trun: version and flags (4 bytes), then sample_count (4 bytes).
            guard let trun = boxes(traf.body)?.first(where: { $0.type == "trun" }), trun.body.count >= 8 else { return nil }
            counts.append(bytes[trun.body.lowerBound + 4..<trun.body.lowerBound + 8].reduce(0) { $0 << 8 | Int($1) })
        }
        return counts
    }

    /// Every packet: stream, timing, size, key flag and an MD5 of its bytes; per stream in
    /// decode order (each fragment holds its video, then its audio, so more fragments interleave
    /// them more finely). `scratch` is where the joined file is written.
    static func packets(initSegment: Data, segments: [Data], scratch: URL) throws -> [String] {
        var joined = initSegment
        for segment in segments { joined += segment }
        try joined.write(to: scratch)
        let probe = try ToolRun.run(MediaCheck.ffprobe, ["-v", "error", "-show_data_hash", "MD5", "-show_entries",
                                                          "packet=stream_index,pts,dts,duration,size,flags,data_hash",
                                                          "-of", "csv=p=0", scratch.path])
        XCTAssertEqual(probe.status, 0, probe.errors)
        let lines = probe.output.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let ordered = lines.sorted { a, b in
            (Int(a[0]) ?? 0, Int(a[2]) ?? 0) < (Int(b[0]) ?? 0, Int(b[2]) ?? 0)
        }
        return ordered.map { $0.joined(separator: ",") }
    }
}
