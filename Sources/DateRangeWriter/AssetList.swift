/// The X-ASSET-LIST JSON document (HLS Appendix D.3).
public struct AssetList: Hashable, Codable, Sendable {
    public struct Asset: Hashable, Codable, Sendable {
        /// Must be absolute.
        public var uri: String
        public var duration: HLSDecimal
        /// SVTA2053 `X-AD-CREATIVE-SIGNALING` object for this creative.
        public var creativeSignaling: CanonicalJSON?

        public init(uri: String, duration: HLSDecimal, creativeSignaling: CanonicalJSON? = nil) {
            self.uri = uri
            self.duration = duration
            self.creativeSignaling = creativeSignaling
        }
    }

    /// `SKIP-CONTROL`: overrides the tag's X-SKIP-CONTROL-* attributes.
    public struct SkipControl: Hashable, Codable, Sendable {
        public var offset: UInt64
        public var duration: UInt64?
        public var labelID: String?

        public init(offset: UInt64, duration: UInt64? = nil, labelID: String? = nil) {
            self.offset = offset
            self.duration = duration
            self.labelID = labelID
        }
    }

    public var assets: [Asset]
    public var skipControl: SkipControl?
    /// Pod-level SVTA2053 `X-AD-CREATIVE-SIGNALING` object.
    public var creativeSignaling: CanonicalJSON?

    public init(assets: [Asset], skipControl: SkipControl? = nil, creativeSignaling: CanonicalJSON? = nil) {
        self.assets = assets
        self.skipControl = skipControl
        self.creativeSignaling = creativeSignaling
    }
}

public enum AssetListError: Error, Equatable, CustomStringConvertible, Sendable {
    case relativeAssetURI(index: Int, uri: String)
    case invalidAssetURI(index: Int, uri: String)
    case negativeDuration(index: Int, milliseconds: Int64)
    case invalidSkipLabel(String)

    public var description: String {
        switch self {
        case let .relativeAssetURI(index, uri):
            return "asset list ASSETS[\(index)]: URI \(debugQuoted(uri)) must be absolute"
        case let .invalidAssetURI(index, uri):
            return "asset list ASSETS[\(index)]: URI \(debugQuoted(uri)) contains whitespace, control characters or quotes"
        case let .negativeDuration(index, ms):
            return "asset list ASSETS[\(index)]: DURATION must not be negative (got \(HLSDecimal(milliseconds: ms).text))"
        case let .invalidSkipLabel(label):
            return "asset list SKIP-CONTROL: LABEL-ID \(debugQuoted(label)) may only contain [a-zA-Z_-]"
        }
    }
}
