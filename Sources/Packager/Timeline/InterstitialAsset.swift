/// One asset an interstitial plays: its URI and, when known, its duration.
public struct InterstitialAsset: Equatable, Sendable {
    public let uri: String
    public let durationNanos: Int64?

    public init(uri: String, durationNanos: Int64?) {
        self.uri = uri
        self.durationNanos = durationNanos
    }
}
