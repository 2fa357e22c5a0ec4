import Foundation
import XCTest

/// Decodes and probes output media with the ffmpeg/ffprobe command-line tools.
enum MediaCheck {
    struct Decoded {
        var file: String
        var errors: String
        var videoFrames: Int?
    }

    static var ffmpeg: String { ToolRun.find("ffmpeg") ?? "/usr/bin/ffmpeg" }
    static var ffprobe: String { ToolRun.find("ffprobe") ?? "/usr/bin/ffprobe" }

    /// Decodes every segment of a media playlist (fMP4: init + segment concatenated) with
    /// `ffmpeg -v error -i SEG -f null -`, two at a time; returns what each printed on stderr and
    /// the number of video frames it decoded.
    static func decodeSegments(of playlist: URL, scratch: URL) throws -> [Decoded] {
        let text = try MediaPlaylistText(url: playlist)
        let directory = playlist.deletingLastPathComponent()
        let initBytes = try text.mapURI.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        var inputs: [(name: String, path: String)] = []
        for (i, segment) in text.segments.enumerated() {
            let url = directory.appendingPathComponent(segment.uri)
            if let initBytes {
                let joined = scratch.appendingPathComponent("\(UUID().uuidString)-\(i).mp4")
                try (initBytes + Data(contentsOf: url)).write(to: joined)
                inputs.append((url.path, joined.path))
            } else {
                inputs.append((url.path, url.path))
            }
        }
        let results = ResultBox(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: inputs.count, by: 2) {
                let run = try? ToolRun.run(ffmpeg, ["-v", "error", "-nostdin", "-nostats", "-threads", "1",
                                                    "-i", inputs[i].path, "-f", "null", "-", "-progress", "pipe:1"])
                let frames = run.flatMap { r in
                    r.output.split(separator: "\n").last { $0.hasPrefix("frame=") }.flatMap { Int($0.dropFirst(6)) }
                }
                results.set(i, Decoded(file: inputs[i].name,
                                       errors: run.map { $0.status == 0 ? $0.errors : "exit \($0.status): \($0.errors)" }
                                           ?? "ffmpeg did not start",
                                       videoFrames: frames))
            }
        }
        return results.values.compactMap { $0 }
    }

    /// `ffprobe -show_streams` of one file, as JSON objects.
    static func streams(of url: URL) throws -> [[String: Any]] {
        let run = try ToolRun.run(ffprobe, ["-v", "error", "-show_streams", "-of", "json", url.path])
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        return object?["streams"] as? [[String: Any]] ?? []
    }

    /// Video packets of a file counted by ffprobe (one per frame for H.264).
    static func videoPacketCount(of url: URL) throws -> Int? {
        try packetCount(of: url, stream: "v:0")
    }

    /// Packets of one stream (an ffprobe stream specifier: "v:0", "a:0") counted by ffprobe.
    static func packetCount(of url: URL, stream: String) throws -> Int? {
        let run = try ToolRun.run(ffprobe, ["-v", "error", "-select_streams", stream, "-count_packets", "-show_entries",
                                            "stream=nb_read_packets", "-of", "csv=p=0", url.path])
        // csv prints the stream once per section it appears in (stream, program): take the first.
        return run.output.split(separator: "\n").first.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// profile_idc, constraint flags byte and level_idc of the first SPS of the video stream.
    static func spsBytes(of url: URL, scratch: URL) throws -> [UInt8]? {
        let out = scratch.appendingPathComponent("\(UUID().uuidString).h264")
        try FFmpegCLI.run(["-i", url.path, "-map", "0:v:0", "-c", "copy", "-frames:v", "1",
                           "-bsf:v", "h264_mp4toannexb", "-f", "h264", out.path])
        let bytes = [UInt8](try Data(contentsOf: out))
        var i = 0
        while i + 6 < bytes.count {
            if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1, bytes[i + 3] & 0x1F == 7 {
                return Array(bytes[(i + 4)...(i + 6)])
            }
            i += 1
        }
        return nil
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [MediaCheck.Decoded?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: MediaCheck.Decoded) {
        lock.lock()
        values[i] = value
        lock.unlock()
    }
}
