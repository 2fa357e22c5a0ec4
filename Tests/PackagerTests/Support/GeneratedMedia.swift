import Foundation
@testable import Packager

/// Test media made with the ffmpeg CLI (tests may; the product never does), cached for the run
/// so several tests share one encode: H.264 + AAC in MPEG-TS with a fixed keyframe pattern.
enum GeneratedMedia {
    private static let lock = NSLock()
    private static var made: [String: URL] = [:]

    /// `seconds` of 320x180 video at `fps` with a keyframe every `gop` seconds (closed GOPs, no
    /// scene cuts), a 1 kHz tone, as MPEG-TS. `keyframesAt` forces keyframes at those times instead.
    /// `videoKbps` caps the video bitrate (x264's default, about 700 kb/s here, when nil): fewer
    /// TS packets for tests that push hours of media through and look at none of its pictures.
    static func ts(seconds: Int, gop: Double = 2, fps: Int = 25, keyframesAt: [Double]? = nil,
                   videoKbps: Int? = nil) throws -> URL {
        let key = "ts-\(seconds)-\(gop)-\(fps)-\(keyframesAt.map { $0.map { String($0) }.joined(separator: "_") } ?? "g")"
            + (videoKbps.map { "-\($0)k" } ?? "")
        lock.lock(); defer { lock.unlock() }
        if let url = made[key], FileManager.default.fileExists(atPath: url.path) { return url }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-generated-media")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(key + ".ts")
        var video = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-bf", "0", "-sc_threshold", "0"]
        if let keyframesAt {
            video += ["-g", "100000", "-force_key_frames", keyframesAt.map { String($0) }.joined(separator: ",")]
        } else {
            let frames = Int((gop * Double(fps)).rounded())
            video += ["-g", "\(frames)", "-keyint_min", "\(frames)"]
        }
        if let videoKbps { video += ["-b:v", "\(videoKbps)k"] }
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=\(fps)", "-f", "lavfi",
                           "-i", "sine=frequency=1000:sample_rate=48000", "-t", "\(seconds)"] + video
                          + ["-c:a", "aac", "-b:a", "64k", "-f", "mpegts", url.path])
        made[key] = url
        return url
    }

    /// PTS of the first video frame (t = 0 for cue times), as pkgctl itself reads it.
    static func t0(_ url: URL) throws -> Int64 {
        guard let t0 = try CueScan.run(input: url.path).t0 else { throw CocoaError(.fileReadCorruptFile) }
        return t0
    }
}
