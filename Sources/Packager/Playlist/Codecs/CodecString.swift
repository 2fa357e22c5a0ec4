/// RFC 6381 codec strings for the CODECS attribute of EXT-X-STREAM-INF.
public enum CodecString {
    /// nil when the codec is not one HLS carries or its parameters cannot be read;
    /// a variant should then be left without CODECS rather than given a guess.
    public static func rfc6381(_ codec: CodecDescription) -> String? {
        switch codec.codecName {
        case "h264": return AVCCodecString.make(codec)
        case "hevc": return HEVCCodecString.make(codec)
        case "aac": return AACCodecString.make(codec)
        case "ac3": return "ac-3"
        case "eac3": return "ec-3"
        case "mp3": return "mp4a.40.34"
        case "opus": return "Opus"
        case "flac": return "fLaC"
        default: return nil
        }
    }

    /// The CODECS value of a variant: its streams' strings, comma-separated, unknown ones skipped.
    public static func list(_ codecs: [CodecDescription]) -> String {
        codecs.compactMap(rfc6381).joined(separator: ",")
    }
}
