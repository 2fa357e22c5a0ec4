import CueDetect
import Foundation
import XCTest

/// The media the TS output tests cut: 12 s of H.264 (B-frames, a keyframe every second) with two
/// AAC tracks (stereo 48 kHz, mono 44.1 kHz), muxed by ffmpeg, then one SCTE-35 break injected
/// on PID 0x1F5 (stream_type 0x86, `CUEI` in the program loop): splice_insert OUT at t = 4 s
/// with a 3 s break, IN at t = 7 s, each announced 1 s ahead (t: seconds from the first frame).
/// Made once per test run.
enum TSOutputMedia {
    static let scte35PID = 0x1F5
    static let outAt = 4.0, inAt = 7.0

    struct Made {
        var url: URL
        var bytes: [UInt8]
        /// PTS of the first video frame.
        var t0: Int64
        var sections: [[UInt8]]
        func ticks(_ seconds: Double) -> Int64 { t0 + Int64((seconds * 90_000).rounded()) }
    }

    private static var cached: Made?
    private static var cachedESLoop: Made?
    private static let directory: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("pkgctl-tsoutput-\(ProcessInfo.processInfo.processIdentifier)")

    /// The clip with the `CUEI` registration in the program loop (as FFmpeg-compatible encoders
    /// send it), or only in the SCTE-35 ES loop (`esLoopRegistration`).
    static func clip(esLoopRegistration: Bool = false) throws -> Made {
        if let made = esLoopRegistration ? cachedESLoop : cached { return made }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let raw = directory.appendingPathComponent("raw.ts")
        if !FileManager.default.fileExists(atPath: raw.path) {
            try FFmpegCLI.run([
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=12",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=12",
                "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=44100:duration=12",
                "-map", "0", "-map", "1", "-map", "2",
                "-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "25", "-keyint_min", "25",
                "-sc_threshold", "0", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "64k", "-ac:a:0", "2", "-ac:a:1", "1", "-f", "mpegts", raw.path])
        }
        let made = try inject(into: try TestMedia.bytes(raw), esLoopRegistration: esLoopRegistration)
        if esLoopRegistration { cachedESLoop = made } else { cached = made }
        return made
    }

    private static func inject(into ts: [UInt8], esLoopRegistration: Bool) throws -> Made {
        let outline = try TSScanOutline(ts)
        let videoPTS = outline.videoPTS, pmtPID = outline.pmtPID
        let t0 = Int64(try XCTUnwrap(videoPTS.first).0)
        let at = { (s: Double) in t0 + Int64((s * 90_000).rounded()) }
        let sections = [
            spliceInsert(event: 1, out: true, pts: at(outAt), breakTicks: Int64((inAt - outAt) * 90_000)),
            spliceInsert(event: 1, out: false, pts: at(inAt), breakTicks: nil),
        ]
        // Each section goes just before the first video PES at or after its arrival time.
        let withSections = try outline.inserting(zip(sections, [outAt - 1, inAt - 1]).map { (bytes: $0, arrival: at($1)) },
                                                 pid: scte35PID, into: ts)
        let out = PMTRewriter.rewrite(withSections, pmtPID: pmtPID, change: { _, table in
            guard !table.streams.contains(where: { $0.pid == scte35PID }) else { return }
            table.streams.append(.init(type: 0x86, pid: scte35PID,
                                       descriptors: esLoopRegistration ? PMTRewriter.cueiRegistration : []))
            if !esLoopRegistration { table.programDescriptors += PMTRewriter.cueiRegistration }
        })
        let url = directory.appendingPathComponent(esLoopRegistration ? "clip-esloop.ts" : "clip.ts")
        try Data(out).write(to: url)
        return Made(url: url, bytes: out, t0: t0, sections: sections)
    }

    /// A splice_insert section (SCTE 35 §9.7.3), program splice at `pts`.
    static func spliceInsert(event: UInt32, out: Bool, pts: Int64, breakTicks: Int64?) -> [UInt8] {
        var command: [UInt8] = [UInt8(event >> 24), UInt8(event >> 16 & 0xFF), UInt8(event >> 8 & 0xFF), UInt8(event & 0xFF),
                                0x7F, (out ? 0x80 : 0x00) | 0x40 | (breakTicks != nil ? 0x20 : 0x00) | 0x0F]
        command += SectionBuilder.spliceTime(UInt64(pts) & ((1 << 33) - 1))
        if let breakTicks {
            let d = UInt64(breakTicks)
            command += [0x80 | 0x7E | UInt8(d >> 32 & 1), UInt8(d >> 24 & 0xFF), UInt8(d >> 16 & 0xFF),
                        UInt8(d >> 8 & 0xFF), UInt8(d & 0xFF)]
        }
        command += [0x00, UInt8(event & 0xFF), 0x00, 0x00]          // unique_program_id, avail_num, avails_expected
        var builder = SectionBuilder()
        builder.commandType = 0x05
        builder.command = command
        return builder.build()
    }
}
