import Foundation

/// Media for the reliability tests, made with the ffmpeg CLI and cached for the run: H.264 with
/// B-frames (as broadcast encoders send it: PTS ≠ DTS) and AAC in MPEG-TS, 25 fps, a keyframe
/// every 2 s.
enum ReliabilityMedia {
    private static let lock = NSRecursiveLock()      // a switchover is made of two cached programmes
    private static var made: [String: URL] = [:]

    /// `seconds` of one programme (PIDs 0x100/0x101), starting `offset` s into its timeline.
    static func programme(seconds: Int, firstPID: Int = 0x100, offset: Double = 0, pattern: String = "testsrc2") throws -> URL {
        try cached("prog-\(seconds)-\(firstPID)-\(offset)-\(pattern)") { url in
            try FFmpegCLI.run(["-f", "lavfi", "-i", "\(pattern)=size=320x180:rate=25", "-f", "lavfi",
                               "-i", "sine=frequency=1000:sample_rate=48000", "-t", "\(seconds)",
                               "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-bf", "2",
                               "-g", "50", "-keyint_min", "50", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "64k",
                               "-mpegts_start_pid", "\(firstPID)", "-output_ts_offset", "\(offset)", "-f", "mpegts", url.path])
        }
    }

    /// An encoder failover on one timeline: `seconds` of a programme on PIDs 0x100/0x101, then
    /// `seconds` from another encoder on PIDs 0x200/0x201 (a new PMT), timestamps continuing.
    static func switchover(seconds: Int) throws -> URL {
        try cached("switch-\(seconds)") { url in
            let first = try programme(seconds: seconds)
            let second = try programme(seconds: seconds, firstPID: 0x200, offset: Double(seconds), pattern: "testsrc")
            try (Data(contentsOf: first) + Data(contentsOf: second)).write(to: url)
        }
    }

    private static func cached(_ key: String, make: (URL) throws -> Void) throws -> URL {
        lock.lock(); defer { lock.unlock() }
        if let url = made[key], FileManager.default.fileExists(atPath: url.path) { return url }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-reliability-media")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(key + ".ts")
        try make(url)
        made[key] = url
        return url
    }
}
