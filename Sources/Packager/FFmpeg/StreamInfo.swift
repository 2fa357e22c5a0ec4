/// What pkgctl needs to know about one demuxed stream, as plain Swift values.
public struct StreamInfo: Equatable, Sendable {
    public enum Kind: String, Sendable { case video, audio, subtitle, data, other }

    public var index: Int
    /// Format-specific id: the PID for MPEG-TS.
    public var id: Int
    public var kind: Kind
    public var codecName: String
    public var isSCTE35: Bool
    public var timeBase: (num: Int32, den: Int32)
    public var width: Int
    public var height: Int
    /// The codec parameters carry extradata (AAC without it must come as ADTS frames).
    public var hasExtradata = false
    /// Audio: the length of one coded frame in the stream's time base (AAC: 1024 samples), for
    /// frames libavformat hands over without timestamps.
    public var frameDuration: Int64? = nil

    public static func == (a: StreamInfo, b: StreamInfo) -> Bool {
        a.index == b.index && a.id == b.id && a.kind == b.kind && a.codecName == b.codecName
            && a.isSCTE35 == b.isSCTE35 && a.timeBase == b.timeBase && a.width == b.width && a.height == b.height
    }
}

/// An FFmpeg chapter (MP4, MKV, FFmetadata), in seconds.
public struct ChapterInfo: Equatable, Sendable {
    public var index: Int
    public var title: String
    public var start: Double
    public var end: Double
}
