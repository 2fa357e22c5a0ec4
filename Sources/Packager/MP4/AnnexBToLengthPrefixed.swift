import CStartCode
import Foundation

/// Annex B H.264/HEVC access units (start codes) as MP4 samples (a 4-byte length before each NAL
/// unit), with exactly the NAL boundaries libavformat's `ff_avc_parse_nal_units` finds, so a
/// sample is byte for byte what the mp4 muxer would have written:
/// - a start code is 00 00 01 with at least one byte after it; where a zero byte precedes it,
///   that byte belongs to the start code, not to the NAL unit before (4-byte start codes);
/// - bytes before the first start code are not part of any NAL unit;
/// - after a start code, every zero byte and the byte after them are skipped.
enum AnnexBToLengthPrefixed {
    /// Appends `source` converted to `out`; returns the bytes appended.
    @discardableResult
    static func append(_ source: UnsafeRawBufferPointer, to out: ByteBuffer) -> Int {
        out.reserve(source.count + 64)
        var written = 0
        forEachUnit(source) { unit, count in
            out.appendUInt32(UInt32(count))
            out.append(unit, count: count)
            written += 4 + count
        }
        return written
    }

    /// The size `append` would give, without copying.
    static func convertedSize(_ source: UnsafeRawBufferPointer) -> Int {
        var size = 0
        forEachUnit(source) { size += 4 + $1 }
        return size
    }

    @inline(__always)
    private static func forEachUnit(_ source: UnsafeRawBufferPointer, _ body: (UnsafePointer<UInt8>, Int) -> Void) {
        guard let start = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let end = source.count
        var nalStart = startCode(start, from: 0, end: end)
        while true {
            while nalStart < end {
                let byte = start[nalStart]
                nalStart += 1
                if byte != 0 { break }
            }
            if nalStart == end { break }
            let nalEnd = startCode(start, from: nalStart, end: end)
            body(start + nalStart, nalEnd - nalStart)
            nalStart = nalEnd
        }
    }

    /// Where the next start code from `from` begins (counting a zero byte before it), or `end`.
    private static func startCode(_ bytes: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var found = threeByteStartCode(bytes, from: from, end: end)
        if from < found, found < end, bytes[found - 1] == 0 { found -= 1 }
        return found
    }

    /// The first i in from..<(end - 3) with bytes i…i+2 = 00 00 01, or `end` (`CStartCode`).
    private static func threeByteStartCode(_ bytes: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        let count = end - 1 - from
        guard count >= 3 else { return end }
        let found = pkgctl_find_start_code(bytes + from, count)
        return found == count ? end : from + found
    }
}
