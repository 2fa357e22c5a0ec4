import Foundation

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
}
