import Foundation
import Packager

/// Exit codes shared by every subcommand.
enum ExitCode {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    /// A second SIGINT/SIGTERM while live was finishing its segment.
    static let interrupted: Int32 = 130
}

let usageText = """
usage: pkgctl <command> [options]

commands:
  cues INPUT [--format json|text] [--sidecar FILE] [--chapters] [--recap-pattern REGEX]
      list every SCTE-35 cue in INPUT and the spans they form
  validate PLAYLIST_OR_DIR [--map URL_PREFIX=DIR]... [--format text|json]   check playlists against the HLS rules
  validate --live V1 V2 ...                            check successive live playlist versions
  vod INPUT -o DIR [--config FILE] [--segment-format ts|fmp4] [--segment-duration S]
      [--placement strip|overlay] [--asset-base-url URL] [--start-date ISO8601] [--sidecar FILE]
      [--chapters] [--recap-pattern REGEX] [--asset-list-template URL]
      convert a recorded programme into HLS with one interstitial per span
  live -i INPUT -o DIR|URL [--config FILE] [--window N|Ns] [--event] [--realtime] [--speed N] [--loop]
      [--segment-duration S] [--segment-format ts|fmp4] [--input-timeout S] [--keep-extra S]
      [--metrics FILE] [--state-dir DIR] [--reset-state] [--endlist-on-exit] [--channel NAME]
      [--placement overlay|strip] [--asset-base-url URL] [--asset-list-template URL] [--sidecar FILE]
      package a live MPEG-TS feed (udp://, srt://, rist://, pipe:, http(s)://, file) into rolling HLS
  timeline PLAYLIST_OR_URL [--format json|svg|text] [--output FILE] [--watch [--watch-limit SECONDS]]
      what a player's integrated timeline will show
  bench daterange [--count N]                          render-speed micro-benchmark
  --version

"""

extension CommandLine {
    static func run(_ args: [String]) -> Int32 {
        guard let command = args.first else {
            FileHandle.standardError.write(Data(usageText.utf8))
            return ExitCode.usage
        }
        let rest = Array(args.dropFirst())
        switch command {
        case "cues": return CuesCommand.run(rest)
        case "validate": return ValidateCommand.run(rest)
        case "bench": return BenchCommand.run(rest)
        case "vod": return VodCommand.run(rest)
        case "timeline": return TimelineCommand.run(rest)
        case "live": return LiveCommand.run(rest)
        case "--version", "version":
            print("pkgctl 0.1.0 (\(FFmpegLibraries.versionLine))")
            return ExitCode.ok
        case "-h", "--help", "help":
            print(usageText, terminator: "")
            return ExitCode.ok
        default:
            FileHandle.standardError.write(Data("pkgctl: unknown command '\(command)'\n\(usageText)".utf8))
            return ExitCode.usage
        }
    }
}
