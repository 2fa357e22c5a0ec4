import Foundation

/// Variant streams (`EXT-X-STREAM-INF` + URI) and renditions (`EXT-X-MEDIA`) of a multivariant playlist.
enum HLSMultivariantParser {
    static func parse(_ lines: [String], url: URL, name: String) throws -> HLSMultivariantPlaylist {
        var playlist = HLSMultivariantPlaylist(url: url, name: name, variants: [], renditions: [])
        var pending: (attributes: [String: String], line: Int)?
        func fail(_ n: Int, _ reason: String) -> StitchedError { .malformed(playlist: name, line: n, reason: reason) }
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let n = i + 1
            if !line.hasPrefix("#") {
                guard let p = pending else { throw fail(n, "URI '\(line)' has no #EXT-X-STREAM-INF before it") }
                guard let variantURL = HLSPlaylistParser.resolve(line, against: url) else { throw fail(n, "'\(line)' is not a URI") }
                var resolution: (Int, Int)?
                if let r = p.attributes["RESOLUTION"] {
                    let parts = r.lowercased().split(separator: "x").compactMap { Int($0) }
                    guard parts.count == 2 else { throw fail(p.line, "RESOLUTION '\(r)' is not WIDTHxHEIGHT") }
                    resolution = (parts[0], parts[1])
                }
                playlist.variants.append(HLSVariant(url: variantURL, line: n, bandwidth: p.attributes["BANDWIDTH"].flatMap { Int($0) },
                                                    resolution: resolution, codecs: p.attributes["CODECS"],
                                                    audioGroup: p.attributes["AUDIO"]))
                pending = nil
                continue
            }
            let (tag, value) = HLSPlaylistParser.split(line)
            switch tag {
            case "EXT-X-STREAM-INF":
                let attributes = try HLSPlaylistParser.attributeList(value, n, tag, fail)
                guard attributes["BANDWIDTH"] != nil else { throw fail(n, "EXT-X-STREAM-INF needs BANDWIDTH") }
                pending = (attributes, n)
            case "EXT-X-MEDIA":
                let a = try HLSPlaylistParser.attributeList(value, n, tag, fail)
                guard let type = a["TYPE"], let group = a["GROUP-ID"], let renditionName = a["NAME"] else {
                    throw fail(n, "EXT-X-MEDIA needs TYPE, GROUP-ID and NAME")
                }
                playlist.renditions.append(HLSRendition(type: type, groupID: group, name: renditionName,
                                                        url: a["URI"].flatMap { HLSPlaylistParser.resolve($0, against: url) }, line: n))
            case "EXTINF":
                throw fail(n, "a multivariant playlist cannot hold segments (#EXTINF)")
            default:
                break
            }
        }
        guard !playlist.variants.isEmpty else { throw fail(lines.count, "no variant stream (EXT-X-STREAM-INF followed by a URI)") }
        return playlist
    }
}
