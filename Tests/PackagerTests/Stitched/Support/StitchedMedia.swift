import CueDetect
import Foundation
@testable import Packager

/// Stitched HLS presentations made for the tests with the ffmpeg CLI, the way an SSAI stitcher
/// makes them: each part encoded on its own into HLS segments, content parts on one continuous
/// timestamp line, inserted parts restarting their own, then one playlist listing every part's
/// segments with EXT-X-DISCONTINUITY between parts (and cue tags when asked). Cached per run.
enum StitchedMedia {
    struct Part: Hashable {
        enum Kind: String, Hashable { case content, ad, recap, notice }
        var kind: Kind
        var seconds: Double
        var width = 320
        var height = 180

        static func content(_ s: Double) -> Part { Part(kind: .content, seconds: s) }
        static func ad(_ s: Double, width: Int = 320, height: Int = 180) -> Part { Part(kind: .ad, seconds: s, width: width, height: height) }
        static func recap(_ s: Double) -> Part { Part(kind: .recap, seconds: s) }
    }

    enum Tags: String, Hashable {
        case none
        /// CUE-OUT:DURATION before the first segment of each break, CUE-IN after its last.
        case cueOut
        /// EXT-X-DATERANGE with SCTE35-OUT (splice_insert) at each break's start.
        case dateRange
    }

    struct Options: Hashable {
        var format: SegmentMuxerFormat = .ts
        var tags: Tags = .none
        var byteRange = false
        var renditions = 1
        /// Seconds between keyframes (every segment starts with one).
        var gop: Double = 1
        var segmentSeconds = 2
        /// AES-128 with one key (`key.bin` beside the renditions), as ffmpeg's HLS muxer writes it.
        var encrypted = false
    }

    struct Made {
        let playlist: URL
        let parts: [Part]
        let directory: URL

        var contentSeconds: Double { parts.filter { $0.kind == .content }.reduce(0) { $0 + $1.seconds } }
        var totalSeconds: Double { parts.reduce(0) { $0 + $1.seconds } }
        /// Inserted parts with where they lie on the stitched timeline and where they sit on the content's.
        var inserted: [(part: Part, stitchedStart: Double, contentPosition: Double)] {
            var stitched = 0.0, content = 0.0
            var out: [(Part, Double, Double)] = []
            for p in parts {
                if p.kind == .content { content += p.seconds } else { out.append((p, stitched, content)) }
                stitched += p.seconds
            }
            return out
        }
    }

    private static let lock = NSLock()
    private static var cache: [String: Made] = [:]
    static let pdtBaseMillis: Int64 = 1_767_297_600_000          // 2026-01-01T20:00:00Z
    static let fps = 25

    static func make(_ parts: [Part], _ options: Options = Options()) throws -> Made {
        let key = parts.map { "\($0.kind.rawValue)\($0.seconds)-\($0.width)x\($0.height)" }.joined(separator: "_")
            + "-\(options.format.rawValue)-\(options.tags.rawValue)-\(options.byteRange)-\(options.renditions)-\(options.gop)"
            + "-\(options.segmentSeconds)-\(options.encrypted)"
        lock.lock(); defer { lock.unlock() }
        if let made = cache[key], FileManager.default.fileExists(atPath: made.playlist.path) { return made }
        // Named by the key, so later runs reuse a complete encode instead of filling /tmp.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-stitched-media")
            .appendingPathComponent(String(fnv1a(key), radix: 16))
        let complete = dir.appendingPathComponent(".complete")
        let playlistName = options.renditions > 1 ? "master.m3u8" : "r0/index.m3u8"
        if FileManager.default.fileExists(atPath: complete.path) {
            let made = Made(playlist: dir.appendingPathComponent(playlistName), parts: parts, directory: dir)
            cache[key] = made
            return made
        }
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var variants: [URL] = []
        if options.encrypted {
            try Data((0..<16).map { UInt8($0 * 17 & 0xFF) }).write(to: dir.appendingPathComponent("key.bin"))
            try "../key.bin\n\(dir.appendingPathComponent("key.bin").path)\n".write(to: dir.appendingPathComponent("key.info"),
                                                                                   atomically: true, encoding: .utf8)
        }
        for r in 0..<options.renditions {
            let scale = r == 0 ? 1 : 2
            var written: [[StitchedLines.Segment]] = []
            var content = 0.0
            for (i, part) in parts.enumerated() {
                // Content runs on one timestamp line from 10 s; each inserted part restarts its own.
                let offset = part.kind == .content ? 10 + content : (part.kind == .recap ? 5000 : 0)
                if part.kind == .content { content += part.seconds }
                let folder = dir.appendingPathComponent("r\(r)/part\(i)")
                try encode(part, width: part.width / scale, height: part.height / scale, offset: offset, into: folder,
                           options: options, tone: part.kind == .content ? 1000 : 440 + 110 * i)
                written.append(try StitchedLines.segments(of: folder.appendingPathComponent("part.m3u8"), prefix: "part\(i)/"))
            }
            let text = StitchedLines.playlist(parts: parts, segments: written, options: options, pdtBase: pdtBaseMillis)
            let url = dir.appendingPathComponent("r\(r)/index.m3u8")
            try text.write(to: url, atomically: true, encoding: .utf8)
            variants.append(url)
        }
        var playlist = variants[0]
        if options.renditions > 1 {
            var master = "#EXTM3U\n#EXT-X-INDEPENDENT-SEGMENTS\n"
            for (r, _) in variants.enumerated() {
                master += "#EXT-X-STREAM-INF:BANDWIDTH=\(400_000 / (r + 1)),RESOLUTION=\(320 / (r + 1))x\(180 / (r + 1))\nr\(r)/index.m3u8\n"
            }
            playlist = dir.appendingPathComponent("master.m3u8")
            try master.write(to: playlist, atomically: true, encoding: .utf8)
        }
        try Data().write(to: complete)
        let made = Made(playlist: playlist, parts: parts, directory: dir)
        cache[key] = made
        return made
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    private static func encode(_ part: Part, width: Int, height: Int, offset: Double, into folder: URL, options: Options,
                               tone: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gop = Int((options.gop * Double(fps)).rounded())
        let ext = options.format == .ts ? "ts" : "m4s"
        let segments = options.byteRange ? "media.\(options.format == .ts ? "ts" : "mp4")" : "seg%03d.\(ext)"
        var hls = ["-f", "hls", "-hls_time", "\(options.segmentSeconds)", "-hls_list_size", "0", "-hls_playlist_type", "vod",
                   "-hls_segment_filename", folder.appendingPathComponent(segments).path]
        if options.format == .fmp4 { hls += ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4"] }
        if options.byteRange { hls += ["-hls_flags", "single_file"] }
        if options.encrypted {
            hls += ["-hls_key_info_file", folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("key.info").path]
        }
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(fps)",
                           "-f", "lavfi", "-i", "sine=frequency=\(tone):sample_rate=48000", "-t", String(part.seconds),
                           "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-bf", "0", "-g", "\(gop)",
                           "-keyint_min", "\(gop)", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "48k",
                           "-output_ts_offset", String(offset)] + hls + [folder.appendingPathComponent("part.m3u8").path])
    }
}
