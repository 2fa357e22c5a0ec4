/// Why a frame-accurate splice could not be made. `unsupportedCodec` and `unsupportedFormat` are
/// the expected ones: the caller falls back to a keyframe cut with one warning per span.
enum VideoSpliceError: Error, CustomStringConvertible, Equatable {
    /// No libavcodec encoder for the stream's codec (pkgctl re-encodes H.264 and HEVC only).
    case unsupportedCodec(input: String, codec: String)
    /// The codec is supported but this stream's format is not (profile, chroma, interlaced HEVC…).
    case unsupportedFormat(input: String, reason: String)
    case windowDoesNotStartWithKeyframe(input: String, pts: Int64?)
    case spliceOutsideWindow(input: String, splice: Int64, first: Int64, last: Int64)
    /// A picture that must be re-encoded is a leading picture of the window's first keyframe, so it
    /// predicts from the GOP before the window: the window must start one keyframe earlier.
    case needsEarlierKeyframe(input: String, pts: Int64)
    /// Timestamps that no valid stream has (DTS not increasing, DTS after PTS, missing PTS).
    case badTimestamps(input: String, pts: Int64, reason: String)
    /// The decoder did not return pictures the plan needs (a damaged GOP).
    case framesNotDecoded(input: String, pts: [Int64])
    case ffmpeg(FFmpegError)

    var description: String {
        switch self {
        case .unsupportedCodec(let input, let codec):
            return "\(input): no encoder for \(codec) video; frame-accurate splices need H.264 or HEVC (cut at keyframes instead)"
        case .unsupportedFormat(let input, let reason):
            return "\(input): cannot re-encode this stream for a splice: \(reason) (cut at keyframes instead)"
        case .windowDoesNotStartWithKeyframe(let input, let pts):
            return "\(input): splice window must start with a keyframe, starts with PTS \(pts.map(String.init) ?? "none")"
        case .spliceOutsideWindow(let input, let splice, let first, let last):
            return "\(input): splice PTS \(splice) is not inside the window's pictures (PTS \(first)…\(last))"
        case .needsEarlierKeyframe(let input, let pts):
            return "\(input): picture at PTS \(pts) predicts from before the window; start the window at the previous keyframe"
        case .badTimestamps(let input, let pts, let reason):
            return "\(input): packet at PTS \(pts): \(reason)"
        case .framesNotDecoded(let input, let pts):
            return "\(input): decoder returned no picture for PTS \(pts.map(String.init).joined(separator: ", "))"
        case .ffmpeg(let error):
            return error.description
        }
    }
}
