import CFFmpeg

/// A failure reported by an FFmpeg call, with FFmpeg's own text for the code.
public struct FFmpegError: Error, CustomStringConvertible, Equatable {
    public let operation: String
    public let input: String
    public let code: Int32

    public var reason: String { FFmpegError.text(for: code) }

    public var description: String { "cannot \(operation) '\(input)': \(reason)" }

    static func text(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        pkgctl_err2str(code, &buffer, buffer.count)
        return String(cString: buffer)
    }

    static var eof: Int32 { pkgctl_averror_eof() }
}
