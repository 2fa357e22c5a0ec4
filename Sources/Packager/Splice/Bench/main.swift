import Foundation
import Packager

// pkgctl-splice-bench INPUT [--keyframe] [--preset NAME] [--threads N] SECONDS…
// One line per splice (seconds, frames decoded/re-encoded, CPU and wall ms), then a summary line.
var arguments = Array(CommandLine.arguments.dropFirst())
func take(_ flag: String) -> String? {
    guard let at = arguments.firstIndex(of: flag), at + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(at...(at + 1)) }
    return arguments[at + 1]
}
let keyframe = arguments.contains("--keyframe")
arguments.removeAll { $0 == "--keyframe" }
let preset = take("--preset")
let threads = take("--threads").flatMap(Int.init) ?? 1
guard let input = arguments.first else {
    FileHandle.standardError.write(Data("usage: pkgctl-splice-bench INPUT [--keyframe] [--preset NAME] [--threads N] SECONDS…\n".utf8))
    exit(2)
}
let splices = arguments.dropFirst().compactMap(Double.init).sorted()
FFmpegLibraries.quietLogs()
do {
    let result = try SpliceBench.run(input: input, splices: splices, keyframeMode: keyframe, preset: preset, threads: threads)
    for row in result.rows {
        print(String(format: "splice %.3f s: decoded %d, re-encoded %d, CPU %.1f ms (encoder %.1f), wall %.1f ms",
                     row.spliceSeconds, row.framesDecoded, row.framesReencoded, row.cpuMilliseconds,
                     row.encodeCPUMilliseconds, row.wallMilliseconds))
    }
    let cpu = result.rows.map(\.cpuMilliseconds).sorted()
    func at(_ q: Double) -> Double { cpu.isEmpty ? 0 : cpu[min(cpu.count - 1, Int(Double(cpu.count) * q))] }
    let encode = result.rows.reduce(0) { $0 + $1.encodeCPUMilliseconds } / max(1, result.rows.reduce(0) { $0 + $1.cpuMilliseconds })
    let frames = Double(result.rows.reduce(0) { $0 + $1.framesReencoded }) / Double(max(result.rows.count, 1))
    print(String(format: "summary: %@ %dx%d %@, %d splices: CPU per splice median %.0f ms, p90 %.0f ms, max %.0f ms, mean %.1f frames re-encoded, %.0f%% of CPU in the encoder",
                 result.codec, result.width, result.height, keyframe ? "keyframe" : "accurate", result.rows.count,
                 at(0.5), at(0.9), cpu.last ?? 0, frames, encode * 100))
    if !keyframe {
        let goal = 200.0
        print(at(0.5) <= goal
            ? String(format: "goal (<= %.0f ms CPU per splice per rendition): met at the median, %d of %d splices within it",
                     goal, cpu.filter { $0 <= goal }.count, cpu.count)
            : String(format: "goal (<= %.0f ms CPU per splice per rendition): missed by %.0f ms at the median (%.1fx), %d of %d splices within it",
                     goal, at(0.5) - goal, at(0.5) / goal, cpu.filter { $0 <= goal }.count, cpu.count))
    }
} catch {
    FileHandle.standardError.write(Data("pkgctl-splice-bench: \(error)\n".utf8))
    exit(1)
}
