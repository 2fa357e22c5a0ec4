import Foundation
import XCTest

/// Two instances' playlist versions side by side, for the media both of them saw: what a CDN
/// failing over from one copy to the other would put in front of a player.
struct PairComparison {
    let a: [LivePlaylistText]
    let b: [LivePlaylistText]

    /// Every segment either copy ever listed, by URI (later versions only repeat it).
    static func segments(_ versions: [LivePlaylistText]) -> [String: LivePlaylistText.Segment] {
        var byURI: [String: LivePlaylistText.Segment] = [:]
        for version in versions { for s in version.segments where byURI[s.uri] == nil { byURI[s.uri] = s } }
        return byURI
    }

    /// Every DATERANGE line either copy ever wrote, grouped by ID (in first-seen order).
    static func dateRangeLines(_ versions: [LivePlaylistText]) -> [String: [String]] {
        var byID: [String: [String]] = [:]
        for version in versions {
            for line in version.text.split(separator: "\n") where line.hasPrefix("#EXT-X-DATERANGE:") {
                let id = LivePlaylistText.attributes(String(line.dropFirst("#EXT-X-DATERANGE:".count)))["ID"] ?? ""
                if !(byID[id] ?? []).contains(String(line)) { byID[id, default: []].append(String(line)) }
            }
        }
        return byID
    }

    /// For every segment both copies ended a version with, the last version of each that ends
    /// there: what a player reloading from either copy at that edge settles on.
    var sameEdge: [(a: LivePlaylistText, b: LivePlaylistText)] {
        let lastA = Self.lastByEdge(a), lastB = Self.lastByEdge(b)
        return lastB.keys.sorted().compactMap { edge in lastA[edge].flatMap { va in lastB[edge].map { (va, $0) } } }
    }

    private static func lastByEdge(_ versions: [LivePlaylistText]) -> [String: LivePlaylistText] {
        var byEdge: [String: LivePlaylistText] = [:]
        for v in versions { if let edge = v.segments.last?.uri { byEdge[edge] = v } }
        return byEdge
    }

    /// What a failover needs, asserted: every version's MEDIA-SEQUENCE is its first segment's
    /// number and no discontinuity appears; B lists nothing A does not; every segment both list
    /// has the same EXTINF, PDT, DISCONTINUITY, GAP and sequence; every DATERANGE ID B wrote was
    /// written by A with the same lines; at every edge both reached with a full window, the two
    /// playlists are the same text — apart from the DATERANGE lines of spans B never saw begin
    /// (`unseenByB`: ID prefixes). Returns (shared segments, edges compared).
    @discardableResult
    func assertAgree(unseenByB: [String] = [], file: StaticString = #filePath, line: UInt = #line) -> (segments: [String], edges: Int) {
        for v in a + b {
            XCTAssertEqual("seg_\(v.mediaSequence).ts", v.segments.first?.uri, "MEDIA-SEQUENCE is the first segment's number",
                           file: file, line: line)
            XCTAssertEqual(v.discontinuitySequence, 0, file: file, line: line)
            XCTAssertFalse(v.segments.contains(where: \.discontinuity), "a DISCONTINUITY in one epoch", file: file, line: line)
        }
        let sa = Self.segments(a), sb = Self.segments(b)
        XCTAssertEqual(Set(sb.keys).subtracting(sa.keys), [], "B lists segments A never did", file: file, line: line)
        let shared = Set(sa.keys).intersection(sb.keys).sorted()
        for uri in shared {
            XCTAssertEqual(sa[uri], sb[uri], "\(uri): EXTINF, PDT, DISCONTINUITY, GAP or sequence differ", file: file, line: line)
        }
        let da = Self.dateRangeLines(a), db = Self.dateRangeLines(b)
        for (id, lines) in db { XCTAssertEqual(da[id], lines, "\(id): DATERANGE lines differ", file: file, line: line) }
        let edges = sameEdge.filter { $0.a.segments.count == $0.b.segments.count }
        for (x, y) in edges {
            let seen = x.text.split(separator: "\n", omittingEmptySubsequences: false).filter { l in
                !unseenByB.contains { l.hasPrefix("#EXT-X-DATERANGE:ID=\"\($0)") }
            }.joined(separator: "\n")
            XCTAssertEqual(seen, y.text, "the two copies' playlists at one edge differ", file: file, line: line)
        }
        return (shared, edges.count)
    }
}
