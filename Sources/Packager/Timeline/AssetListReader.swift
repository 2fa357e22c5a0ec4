import Foundation

/// Reads the `"ASSETS"` of an X-ASSET-LIST JSON document (HLS Appendix D.3) in order.
enum AssetListReader {
    static func read(_ bytes: [UInt8], location: String) throws -> [InterstitialAsset] {
        let root: ParsedJSON
        do {
            root = try JSONDecoder().decode(ParsedJSON.self, from: Data(bytes))
        } catch {
            throw TimelineError.badAssetList(location: location, reason: "not valid JSON")
        }
        guard case .object(let object) = root else {
            throw TimelineError.badAssetList(location: location, reason: "top level is \(root.kind), not an object")
        }
        guard case .array(let entries)? = object["ASSETS"] else {
            throw TimelineError.badAssetList(location: location, reason: "\"ASSETS\" is missing or not an array")
        }
        return try entries.enumerated().map { index, entry in
            guard case .object(let fields) = entry,
                  case .string(let uri)? = fields["URI"],
                  case .number(let seconds)? = fields["DURATION"]
            else {
                throw TimelineError.badAssetList(location: location,
                                                 reason: "ASSETS[\(index)] needs a \"URI\" string and a \"DURATION\" number")
            }
            guard seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                throw TimelineError.badAssetList(location: location, reason: "ASSETS[\(index)].DURATION \(seconds) is out of range")
            }
            return InterstitialAsset(uri: uri, durationNanos: Int64((seconds * 1e9).rounded()))
        }
    }
}
