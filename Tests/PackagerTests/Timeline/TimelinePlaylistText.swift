import Foundation
@testable import Packager

/// Media playlists written by the tests themselves: segments of given durations from a
/// PDT, and interstitial date ranges placed by seconds from that PDT.
struct TimelinePlaylistText {
    static let origin = "2030-01-01T00:00:00.000Z"

    var target: Int
    var segments: [Double]
    /// (tags before segment index, tag text without `#EXT-X-DATERANGE:`).
    var ranges: [(before: Int, attributes: String)] = []
    var ended = true
    var header: [String] = []

    /// `ID`, `CLASS`, `START-DATE` (`seconds` after the PDT), an `X-ASSET-URI`, then `extra`.
    static func interstitial(_ id: String, at seconds: Double, _ extra: String) -> String {
        "ID=\"\(id)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(date(seconds))\","
            + "X-ASSET-URI=\"https://ads.example.com/\(id).m3u8\"" + (extra.isEmpty ? "" : "," + extra)
    }

    /// An interstitial whose assets come from a local asset list `list` (a file name).
    static func listed(_ id: String, at seconds: Double, list: String, _ extra: String) -> String {
        "ID=\"\(id)\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(date(seconds))\","
            + "X-ASSET-LIST=\"\(list)\"" + (extra.isEmpty ? "" : "," + extra)
    }

    /// `2030-01-01T00:00:SS.mmmZ` (and minutes past 60 s).
    static func date(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let whole = millis / 1000, fraction = millis % 1000
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "2030-01-01T\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60)).\(ms)Z"
    }

    var text: String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(target)"] + header
        lines.append("#EXT-X-PROGRAM-DATE-TIME:\(Self.origin)")
        for (index, duration) in segments.enumerated() {
            lines += ranges.filter { $0.before == index }.map { "#EXT-X-DATERANGE:" + $0.attributes }
            lines += ["#EXTINF:\(duration),", "s\(index).ts"]
        }
        lines += ranges.filter { $0.before >= segments.count }.map { "#EXT-X-DATERANGE:" + $0.attributes }
        if ended { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the playlist (and any asset lists) into `directory` and builds the schedule
    /// through the real loader.
    func snapshot(in directory: URL, lists: [String: String] = [:]) throws -> TimelineSnapshot {
        for (name, json) in lists {
            try Data(json.utf8).write(to: directory.appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("p\(UUID().uuidString.prefix(8)).m3u8")
        try Data(text.utf8).write(to: file)
        return IntegratedTimeline.snapshot(of: try TimelineLoader().load(.file(file.path)))
    }
}

/// `id p:primaryStart-primaryEnd o:playoutStart-playoutEnd i:integratedStart-integratedEnd`
/// per schedule item (`primary` for primary), in seconds — the three timelines of hls.js's
/// schedule items (`start`/`end`, `playout`, `integrated`).
func scheduleItems(_ snapshot: TimelineSnapshot) -> [String] {
    let s = Milliseconds.seconds
    return snapshot.segments.map {
        "\($0.id ?? "primary") p:\(s($0.primaryStartNanos))-\(s($0.primaryEndNanos))"
            + " o:\(s($0.playoutStartNanos))-\(s($0.playoutEndNanos)) i:\(s($0.startNanos))-\(s($0.endNanos))"
    }
}
