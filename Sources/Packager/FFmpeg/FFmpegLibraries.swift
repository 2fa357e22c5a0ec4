import CFFmpeg
import Foundation

/// Versions of the FFmpeg libraries pkgctl is linked against (for `pkgctl --version`
/// and bug reports: demux behaviour around SCTE-35 differs between FFmpeg releases).
public enum FFmpegLibraries {
    public static var versionLine: String {
        func dotted(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }
        return "libavformat \(dotted(avformat_version())), libavcodec \(dotted(avcodec_version())), libavutil \(dotted(avutil_version()))"
    }

    /// FFmpeg's own log goes to stderr by default; pkgctl reports problems itself and keeps
    /// FFmpeg to errors, unless PKGCTL_FFMPEG_LOG=warning|info|verbose|debug asks for more.
    public static func quietLogs(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let levels: [String: Int32] = ["quiet": AV_LOG_QUIET, "error": AV_LOG_ERROR, "warning": AV_LOG_WARNING,
                                       "info": AV_LOG_INFO, "verbose": AV_LOG_VERBOSE, "debug": AV_LOG_DEBUG]
        av_log_set_level(environment["PKGCTL_FFMPEG_LOG"].flatMap { levels[$0] } ?? AV_LOG_ERROR)
    }
}
