import Foundation
import Packager

/// Flags for stitched HLS inputs, each setting its `stitched.*` configuration key.
enum StitchedFlags {
    /// `--span-overrides FILE` (vod, live, cues).
    static let valued: Set<String> = ["--span-overrides"]

    static func apply(_ parsed: Arguments, to c: inout PipelineConfiguration) {
        if let path = parsed.value("--span-overrides") {
            c.stitched.overrides = URL(fileURLWithPath: path)
            c.note("stitched.overrides", from: "--span-overrides")
        }
    }

    /// `--allow-no-spans`, `--coordinator-ranges FILE` (vod).
    static func applyVod(_ parsed: Arguments, to c: inout PipelineConfiguration) {
        apply(parsed, to: &c)
        if parsed.has("--allow-no-spans") {
            c.stitched.allowNoSpans = true
            c.note("stitched.allow_no_spans", from: "--allow-no-spans")
        }
        if let path = parsed.value("--coordinator-ranges") {
            c.stitched.coordinatorRanges = URL(fileURLWithPath: path)
            c.note("stitched.coordinator_ranges", from: "--coordinator-ranges")
        }
    }
}
