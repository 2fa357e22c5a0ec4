/// Writes an `AssetList` as compact JSON with a fixed key order: top level `ASSETS`,
/// `SKIP-CONTROL`, `X-AD-CREATIVE-SIGNALING`; per asset `URI`, `DURATION`,
/// `X-AD-CREATIVE-SIGNALING`; skip control `OFFSET`, `DURATION`, `LABEL-ID`.
public enum AssetListWriter {
    public static func json(_ list: AssetList) throws -> String {
        try value(list).text
    }

    public static func value(_ list: AssetList) throws -> CanonicalJSON {
        var assets: [CanonicalJSON] = []
        for (index, asset) in list.assets.enumerated() {
            guard !asset.uri.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") }) else {
                throw AssetListError.invalidAssetURI(index: index, uri: asset.uri)
            }
            guard AssetURI.isAbsolute(asset.uri) else { throw AssetListError.relativeAssetURI(index: index, uri: asset.uri) }
            guard !asset.duration.isNegative else {
                throw AssetListError.negativeDuration(index: index, milliseconds: asset.duration.milliseconds)
            }
            var members = [CanonicalJSONMember("URI", .string(asset.uri)), CanonicalJSONMember("DURATION", .decimal(asset.duration))]
            if let signaling = asset.creativeSignaling { members.append(CanonicalJSONMember("X-AD-CREATIVE-SIGNALING", signaling)) }
            assets.append(.object(members))
        }
        var top = [CanonicalJSONMember("ASSETS", .array(assets))]
        if let skip = list.skipControl {
            var members = [CanonicalJSONMember("OFFSET", .integer(Int64(clamping: skip.offset)))]
            if let d = skip.duration { members.append(CanonicalJSONMember("DURATION", .integer(Int64(clamping: d)))) }
            if let label = skip.labelID {
                guard AttributeGrammar.isSkipLabel(label) else { throw AssetListError.invalidSkipLabel(label) }
                members.append(CanonicalJSONMember("LABEL-ID", .string(label)))
            }
            top.append(CanonicalJSONMember("SKIP-CONTROL", .object(members)))
        }
        if let signaling = list.creativeSignaling { top.append(CanonicalJSONMember("X-AD-CREATIVE-SIGNALING", signaling)) }
        return .object(top)
    }
}
