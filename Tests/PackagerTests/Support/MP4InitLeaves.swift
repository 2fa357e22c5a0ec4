import Foundation
@testable import Packager

/// An fMP4 init segment as the list of its leaf boxes (path and payload), the sample entry's
/// fixed fields a leaf of their own: two inits compare box for box, whatever their sizes.
enum MP4InitLeaves {
    struct Leaf: Equatable {
        var path: String
        var payload: [UInt8]
    }

    private static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "dinf", "stbl", "mvex", "edts", "udta"]

    static func leaves(_ data: Data) -> [Leaf] { leaves([UInt8](data), path: "") }

    private static func leaves(_ bytes: [UInt8], path: String) -> [Leaf] {
        var out: [Leaf] = []
        var at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= bytes.count else { break }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let body = Array(bytes[(at + 8)..<(at + size)])
            let here = path + "/" + type
            if containers.contains(type) {
                out += leaves(body, path: here)
            } else if type == "stsd", body.count >= 16 {
                out.append(Leaf(path: here, payload: Array(body[0..<8])))
                let entry = Array(body[8...])
                let entryType = String(decoding: entry[4..<8], as: UTF8.self)
                let fixed = entryType == "mp4a" ? 28 : 78
                out.append(Leaf(path: here + "/" + entryType, payload: Array(entry[8..<min(entry.count, 8 + fixed)])))
                if entry.count > 8 + fixed { out += leaves(Array(entry[(8 + fixed)...]), path: here + "/" + entryType) }
            } else {
                out.append(Leaf(path: here, payload: body))
            }
            at += size
        }
        return out
    }

    /// The SPS and PPS NAL units of an avcC payload (parsed by the product's own reader).
    static func parameterSets(avcC payload: [UInt8]) -> (sps: [[UInt8]], pps: [[UInt8]]) {
        let units = DecoderConfigurationRecord.avcC(payload).units
        return (units.filter { ($0.first ?? 0) & 0x1F == 7 }, units.filter { ($0.first ?? 0) & 0x1F == 8 })
    }
}

extension MP4InitLeaves {
    /// Where pkgctl's own init (`ours`) differs from libavformat's (`theirs`) beyond what it
    /// differs in by design: the encoder tag (udta); next_track_ID (libavformat 5.1 counts only
    /// tracks it holds samples of when it writes the moov, none with `delay_moov`, and says 2;
    /// ours is the spec's, one past the last track); the AAC bit rates (libavformat's is its
    /// probe's running average, ours the first fragment's); and the avcC, where libavformat lists
    /// a re-encoder's parameter sets whether or not any picture was re-encoded and ours only when
    /// one was — ours must be theirs or a prefix of theirs, set for set.
    static func unexpectedDifferences(ours: Data, theirs: Data) -> [String] {
        let a = leaves(ours), b = leaves(theirs)
        guard a.map(\.path) == b.map(\.path) else { return ["boxes: \(a.map(\.path)) vs \(b.map(\.path))"] }
        var out: [String] = []
        for (x, y) in zip(a, b) where x.payload != y.payload {
            let p = x.path
            if p.hasSuffix("/udta/meta") { continue }
            if p.hasSuffix("/mvhd"), x.payload.dropLast(4) == y.payload.dropLast(4) { continue }
            if p.hasSuffix("/btrt"), x.payload.prefix(4) == y.payload.prefix(4) { continue }
            if p.hasSuffix("/esds"), x.payload.count == y.payload.count, x.payload.count > 30 {
                var (u, v) = (x.payload, y.payload)
                for i in 22..<30 { (u[i], v[i]) = (0, 0) }
                if u == v { continue }
            }
            if p.hasSuffix("/avcC"), x.payload.prefix(5) == y.payload.prefix(5) {
                let (s1, p1) = parameterSets(avcC: x.payload), (s2, p2) = parameterSets(avcC: y.payload)
                if !s1.isEmpty, !p1.isEmpty, s2.starts(with: s1), p2.starts(with: p1) { continue }
            }
            out.append("\(p): \(x.payload) vs \(y.payload)")
        }
        return out
    }
}
