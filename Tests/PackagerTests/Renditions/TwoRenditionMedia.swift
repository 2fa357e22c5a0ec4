import Foundation

/// A 70 s TS with two video renditions (1280x720 and 640x360, keyframes forced every 2 s so
/// their GOPs align, as an ABR encoder's do) and one AAC track, made once per test run from the
/// sample, plus a cue sheet with one break from 30 to 50 s.
enum TwoRenditionMedia {
    static let firstVideoTicks: Int64 = 129_000        // 1.4333 s: where ffmpeg starts the output

    private static let lock = NSLock()
    private static var encoded: URL?

    /// The two-rendition TS (encoded once per test run and shared, like GeneratedMedia: the
    /// encode is most of each caller's time; callers only read it) and its cue sheet, in `dir`.
    static func make(in dir: URL) throws -> (ts: URL, cues: URL) {
        let ts = try sharedEncode()
        var sheet = CueSheetFile(t0Ticks: firstVideoTicks)
        sheet.splice(event: 77, from: 30, to: 50)
        let cues = dir.appendingPathComponent("cues.txt")
        try sheet.write(to: cues)
        return (ts, cues)
    }

    private static func sharedEncode() throws -> URL {
        lock.lock(); defer { lock.unlock() }
        if let encoded, FileManager.default.fileExists(atPath: encoded.path) { return encoded }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-generated-media")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let ts = dir.appendingPathComponent("two-renditions.ts")
        try FFmpegCLI.run(["-i", TestMedia.liveTS.path, "-t", "70", "-map", "0:v", "-map", "0:v", "-map", "0:a",
                           "-c:v", "libx264", "-preset", "ultrafast", "-bf", "0", "-s:v:1", "640x360",
                           "-force_key_frames", "expr:gte(t,n_forced*2)", "-c:a", "copy", ts.path])
        encoded = ts
        return ts
    }
}
