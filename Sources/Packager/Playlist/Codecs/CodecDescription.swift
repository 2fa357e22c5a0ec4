/// What the CODECS attribute needs to know about one elementary stream, as plain values
/// (filled from FFmpeg's AVCodecParameters by `CodecDescription(codecpar:)`).
public struct CodecDescription: Equatable, Sendable {
    /// FFmpeg's codec name: "h264", "hevc", "aac", "ac3", "eac3", "mp3", "opus", "flac", …
    public var codecName: String
    /// FFmpeg profile number (FF_PROFILE_*), negative when unknown.
    public var profile: Int
    /// FFmpeg level number (e.g. 40 for H.264 level 4.0), negative when unknown.
    public var level: Int
    /// Decoder configuration as the container gives it: Annex B parameter sets (TS) or
    /// avcC/hvcC (MP4) for video, AudioSpecificConfig for AAC; often empty for TS audio.
    public var extradata: [UInt8]
    public var width: Int
    public var height: Int
    public var sampleRate: Int
    public var channels: Int
    /// MPEG-4 audio object type, when already known (it wins over extradata and profile).
    public var audioObjectType: Int?

    public init(codecName: String, profile: Int = -99, level: Int = -99, extradata: [UInt8] = [],
                width: Int = 0, height: Int = 0, sampleRate: Int = 0, channels: Int = 0, audioObjectType: Int? = nil) {
        self.codecName = codecName
        self.profile = profile
        self.level = level
        self.extradata = extradata
        self.width = width
        self.height = height
        self.sampleRate = sampleRate
        self.channels = channels
        self.audioObjectType = audioObjectType
    }
}
