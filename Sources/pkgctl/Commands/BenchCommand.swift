import Foundation
import Packager

/// `pkgctl bench daterange [--count N]`: in-process micro-benchmarks that have no FFmpeg
/// counterpart to run beside (scripts/bench-daterange.sh calls it).
enum BenchCommand {
    struct Invocation {
        var count = 100_000
    }

    static let options: [Option<Invocation>] = [
        .value("--count", .number("N"), default: DefaultText.number(Invocation().count),
               "interstitial date ranges to render (announce + update)") { $0.count = try $1.wholeNumber(atLeast: 1) },
    ]

    static let entry = CommandEntry(
        name: "bench", synopsis: ["daterange [--count N]"],
        summary: "render-speed micro-benchmark of interstitial date ranges",
        options: options.map(\.spec), positionals: .words(["daterange"]), run: run)

    static func run(_ args: [String]) -> Int32 {
        let count: Int
        do {
            guard let parsed = try options.parse(args, into: Invocation()) else { return entry.printHelp() }
            guard parsed.positionals == ["daterange"] else {
                throw parsed.positionals.isEmpty ? UsageError.missingPositional("the benchmark (daterange)")
                    : UsageError.unexpected(parsed.positionals.first { $0 != "daterange" } ?? parsed.positionals[0])
            }
            count = parsed.invocation.count
        } catch {
            return entry.usageFailure(error)
        }
        let result = DateRangeRenderBench.run(count: count)
        Console.out(String(format: "rendered %d interstitial date ranges (announce + update) in %.3f s, %d bytes\n",
                           count, result.seconds, result.renderedBytes))
        return ExitCode.ok
    }
}
