import CFFmpeg

/// Versions of the FFmpeg libraries pkgctl is linked against (for `pkgctl --version`
/// and bug reports: demux behaviour around SCTE-35 differs between FFmpeg releases).
public enum FFmpegLibraries {
    public static var versionLine: String {
        func dotted(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }
        return "libavformat \(dotted(avformat_version())), libavcodec \(dotted(avcodec_version())), libavutil \(dotted(avutil_version()))"
    }

    /// FFmpeg's own log goes to stderr by default; pkgctl reports problems itself.
    public static func quietLogs() { av_log_set_level(AV_LOG_ERROR) }
}
