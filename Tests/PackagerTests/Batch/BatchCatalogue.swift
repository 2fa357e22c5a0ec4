import Foundation
@testable import Packager

/// A generated back catalogue for batch tests: copies of one 12 s clip (keyframes every 2 s),
/// breaks given by per-title cue sheets (a cue arrives 4 s before its splice), JOBS with paths
/// relative to itself. Title 7 is not a media file, title 11 has no cue sheet (no span); titles
/// 0, 4, 8, … have two 2 s breaks (4–6 s and 8–10 s), the others one (6–8 s). Title 5 has its own config (fMP4 segments),
/// title 9 its own start date.
struct BatchCatalogue {
    struct Title {
        let index: Int
        let input: URL
        let output: URL
        let breaks: [(from: Double, to: Double)]
        var unreadable: Bool { index == BatchCatalogue.unreadable }
        var primaryDuration: Double { BatchCatalogue.seconds - breaks.reduce(0) { $0 + $1.to - $1.from } }
    }

    static let seconds = 12.0
    static let unreadable = 7
    static let withoutSpan = 11
    static let ownConfig = 5
    static let ownStartDate = 9
    static let startDate = "2026-03-01T20:00:00Z"

    let root: URL
    let jobs: URL
    let titles: [Title]

    /// - Parameters:
    ///   - outputs: a URL prefix to publish to instead of `root/out/` (an origin); it is also
    ///     each title's asset base.
    ///   - inputURLs: the URL JOBS gives as the input of a title, instead of its file under `in/`.
    init(count: Int, root: URL, outputs: String? = nil, inputURLs: [Int: String] = [:]) throws {
        self.root = root
        let clip = try GeneratedMedia.ts(seconds: Int(Self.seconds), gop: 2)
        let t0 = try GeneratedMedia.t0(clip)
        let fm = FileManager.default
        for dir in ["in", "cues"] { try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true) }
        try #"{"segments": {"format": "fmp4"}}"#.write(to: root.appendingPathComponent("fmp4.json"), atomically: true, encoding: .utf8)
        var titles: [Title] = []
        var lines: [String] = []
        for i in 0..<count {
            let name = String(format: "t%02d", i)
            let input = root.appendingPathComponent("in/\(name).ts")
            if i == Self.unreadable {
                try Data(String(repeating: "this is not a transport stream\n", count: 400).utf8).write(to: input)
            } else {
                try fm.copyItem(at: clip, to: input)
            }
            let breaks: [(Double, Double)] = i == Self.withoutSpan ? [] : i % 4 == 0 ? [(4, 6), (8, 10)] : [(6, 8)]
            var line: [String: String] = ["input": inputURLs[i] ?? "in/\(name).ts", "output": outputs.map { $0 + name + "/" } ?? "out/\(name)"]
            if let outputs { line["asset_base_url"] = outputs + name + "/" }
            if !breaks.isEmpty {
                var sheet = CueSheetFile(t0Ticks: t0)
                for (n, b) in breaks.enumerated() { sheet.splice(event: UInt32(100 + i * 2 + n), from: b.0, to: b.1) }
                try sheet.write(to: root.appendingPathComponent("cues/\(name).txt"))
                line["sidecar"] = "cues/\(name).txt"
            }
            if i == Self.ownConfig { line["config"] = "fmp4.json" }
            if i == Self.ownStartDate { line["start_date"] = Self.startDate }
            let output = outputs.flatMap { URL(string: $0 + name + "/") } ?? root.appendingPathComponent("out/\(name)")
            titles.append(Title(index: i, input: input, output: output, breaks: breaks))
            let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        jobs = root.appendingPathComponent("jobs.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: jobs, atomically: true, encoding: .utf8)
        self.titles = titles
    }
}
