/// One EXT-X-STREAM-INF entry of a multivariant playlist.
public struct VariantStream: Equatable, Sendable {
    public var uri: String
    /// Peak segment bit rate, bits/s (`BandwidthMeter.peak`).
    public var bandwidth: Int
    /// Average segment bit rate, bits/s (`BandwidthMeter.average`).
    public var averageBandwidth: Int
    /// RFC 6381 list, comma-separated (`CodecString.rfc6381`), audio of the group included.
    public var codecs: String
    public var resolution: (width: Int, height: Int)?
    public var frameRate: Double?
    /// GROUP-ID of the audio renditions that play with this variant.
    public var audioGroup: String?

    public init(uri: String, bandwidth: Int, averageBandwidth: Int, codecs: String,
                resolution: (width: Int, height: Int)? = nil, frameRate: Double? = nil, audioGroup: String? = nil) {
        self.uri = uri
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.codecs = codecs
        self.resolution = resolution
        self.frameRate = frameRate
        self.audioGroup = audioGroup
    }

    public static func == (a: VariantStream, b: VariantStream) -> Bool {
        a.uri == b.uri && a.bandwidth == b.bandwidth && a.averageBandwidth == b.averageBandwidth
            && a.codecs == b.codecs && a.resolution?.width == b.resolution?.width
            && a.resolution?.height == b.resolution?.height && a.frameRate == b.frameRate && a.audioGroup == b.audioGroup
    }

    /// The EXT-X-STREAM-INF attribute list. FRAME-RATE has three decimals, rounded to
    /// nearest, as the spec's examples and Apple's authoring rules write it.
    var attributes: [String] {
        var list = ["BANDWIDTH=\(bandwidth)", "AVERAGE-BANDWIDTH=\(averageBandwidth)", "CODECS=\"\(codecs)\""]
        if let resolution { list.append("RESOLUTION=\(resolution.width)x\(resolution.height)") }
        // The rate comes from the input's stream parameters; nonsense values are left out.
        if let frameRate, frameRate > 0, frameRate < 1_000_000 {
            list.append("FRAME-RATE=" + VariantStream.threeDecimals(frameRate))
        }
        if let audioGroup { list.append("AUDIO=\"\(audioGroup)\"") }
        return list
    }

    static func threeDecimals(_ value: Double) -> String {
        let thousandths = Int64((value * 1000).rounded(.toNearestOrAwayFromZero))
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
