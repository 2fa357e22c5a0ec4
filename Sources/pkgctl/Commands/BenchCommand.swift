import Foundation
import Packager

/// `pkgctl bench daterange [--count N]`: in-process micro-benchmarks that have no FFmpeg
/// counterpart to run beside (scripts/bench-daterange.sh calls it).
enum BenchCommand {
    static func run(_ args: [String]) -> Int32 {
        do {
            let parsed = try Arguments(args, valued: ["--count"], switches: [])
            guard parsed.positionals == ["daterange"] else {
                Console.error("pkgctl bench: usage: pkgctl bench daterange [--count N]")
                return ExitCode.usage
            }
            let count = Int(try parsed.number("--count") ?? 100_000)
            guard count > 0 else { throw Arguments.Problem.badValue(option: "--count", value: String(count), expected: "a positive count") }
            let result = DateRangeRenderBench.run(count: count)
            Console.out(String(format: "rendered %d interstitial date ranges (announce + update) in %.3f s, %d bytes\n",
                               count, result.seconds, result.renderedBytes))
            return ExitCode.ok
        } catch {
            Console.error("pkgctl bench: \(error)")
            return ExitCode.usage
        }
    }
}
