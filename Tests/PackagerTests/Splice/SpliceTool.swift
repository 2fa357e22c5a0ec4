import Foundation

/// ffmpeg/ffprobe runs whose output a splice test reads (FFmpegCLI only reports failure).
enum SpliceTool {
    struct Run {
        var status: Int32
        var output: Data
        var errors: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Run {
        let run = try ToolRun.run("/usr/bin/env", [tool, "-hide_banner"] + (tool == "ffmpeg" ? ["-nostdin"] : []) + arguments)
        return Run(status: run.status, output: run.outputData, errors: run.errors)
    }

    /// What `ffmpeg -v error` prints while decoding every stream of `file` (empty when clean).
    static func decodeErrors(_ file: URL) throws -> String {
        let run = try run("ffmpeg", ["-v", "error", "-i", file.path, "-map", "0", "-f", "null", "-"])
        return run.status == 0 ? run.errors : "exit \(run.status): \(run.errors)"
    }

    /// Every decoded picture of `file` as 8-bit luma, in display order, none dropped or repeated.
    static func lumaFrames(_ file: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let run = try run("ffmpeg", ["-v", "error", "-i", file.path, "-map", "0:v:0", "-fps_mode", "passthrough",
                                     "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let size = width * height
        let bytes = [UInt8](run.output)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// Decoded audio samples (per channel) of `file`.
    static func audioSamples(_ file: URL) throws -> Int {
        let run = try run("ffmpeg", ["-v", "error", "-i", file.path, "-map", "0:a:0", "-ac", "1", "-f", "s16le", "-"])
        return run.output.count / 2
    }
}
