import Foundation
import Packager

/// Options for stitched HLS inputs, each setting its `stitched.*` configuration key.
enum StitchedFlags {
    static let overridesHelp = "JSON file giving spans of a stitched input their kind, by index or time range (last word on classification)"

    /// `--span-overrides FILE` (vod, live).
    static func shared<I: ConfiguringInvocation>() -> [Option<I>] { [
        .setting("--span-overrides", .file("FILE"), key: "stitched.overrides", overridesHelp) {
            $0.stitched.overrides = URL(fileURLWithPath: $1.text)
        },
    ] }

    /// `--allow-no-spans`, `--coordinator-ranges FILE` (vod) beside the shared ones.
    static func vod<I: ConfiguringInvocation>() -> [Option<I>] { shared() + [
        .setting(flag: "--allow-no-spans", key: "stitched.allow_no_spans",
                 "a stitched input in which no span is found is converted anyway (else it is refused)") {
            $0.stitched.allowNoSpans = true
        },
        .setting("--coordinator-ranges", .file("FILE"), key: "stitched.coordinator_ranges",
                 "write the primary's inserted-span time ranges (overlay) for a SharePlay coordinator") {
            $0.stitched.coordinatorRanges = URL(fileURLWithPath: $1.text)
        },
    ] }
}
