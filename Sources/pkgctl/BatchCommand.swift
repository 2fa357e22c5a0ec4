import Foundation
import Packager

/// `pkgctl vod --batch JOBS|-`: many titles, each converted exactly as `pkgctl vod` would, by a
/// worker process of this binary (`--batch-worker`, internal). Prints one JSON line per title
/// as it ends, then a summary line. Exit statuses: BatchSummary.Exit (docs/deploy.md).
enum BatchCommand {
    private static let batchValued: Set<String> = ["--batch", "-j", "--jobs", "--shard", "--batch-worker"]
    /// Flags a worker is given again so it resolves the same settings as the batch.
    private static let forwarded: [String] = ConfigFlags.sharedValued.union(["--start-date"]).sorted()

    static func applies(to args: [String]) -> Bool {
        args.contains { $0 == "--batch" || $0.hasPrefix("--batch=") || $0 == "--batch-worker" || $0.hasPrefix("--batch-worker=") }
    }

    static func run(_ args: [String]) -> Int32 {
        let parsed: Arguments
        let base: PipelineConfiguration
        do {
            parsed = try Arguments(args, valued: VodCommand.valued.union(batchValued),
                                   switches: ["--chapters", "--force", "--keep-going", "--list"])
            if let unexpected = parsed.positionals.first { throw Arguments.Problem.unexpected(unexpected) }
            if let flag = ["-o", "--output"].first(where: { parsed.value($0) != nil }) {
                throw Arguments.Problem.badValue(option: flag, value: parsed.value(flag) ?? "",
                                                 expected: "allowed with --batch: each title's output is in JOBS")
            }
            base = try VodCommand.configuration(parsed)
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.usage
        }
        if let assignment = parsed.value("--batch-worker") { return worker(assignment, base: base) }
        return batch(parsed, base: base)
    }

    private static func batch(_ parsed: Arguments, base: PipelineConfiguration) -> Int32 {
        let list: BatchJobList
        let shard: BatchShard
        let parallel: Int
        do {
            guard let jobs = parsed.value("--batch") else { throw Arguments.Problem.missingValue("--batch") }
            shard = try parsed.value("--shard").map { try BatchShard(parsing: $0) } ?? .whole
            parallel = try jobCount(parsed)
            list = try BatchJobList.load(path: jobs)
        } catch let error as BatchError {
            Console.error("pkgctl vod: \(error)")
            if case .jobsUnreadable = error { return ExitCode.failure }
            return ExitCode.usage
        } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.usage
        }
        let entries = shard.select(list.entries)
        if parsed.has("--list") {
            let listing = BatchListing.lines(entries, list: list, base: base)
            for line in listing.lines { Console.out(line + "\n") }
            return listing.valid ? ExitCode.ok : ExitCode.failure
        }
        let settings = BatchRunner.Settings(parallel: parallel, force: parsed.has("--force"),
                                            executable: executable(), workerArguments: workerArguments(parsed))
        let runner = BatchRunner(list: list, entries: entries, shard: shard, base: base, settings: settings) { result in
            Console.out(result.json.serialized() + "\n")
        }
        let signals = ShutdownSignals { request in runner.stop(reason: request.signalName) }
        do { try signals.install() } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.failure
        }
        let summary = runner.run()
        Console.out(summary.json.serialized() + "\n")
        return summary.exitCode(keepGoing: parsed.has("--keep-going"))
    }

    /// The worker side: one title, its result as one JSON line on stdout; exit 1 when it failed.
    private static func worker(_ text: String, base: PipelineConfiguration) -> Int32 {
        ParentLifeline.watchStandardInput()
        let assignment: BatchWorkerAssignment
        do { assignment = try BatchWorkerAssignment(json: text) } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.usage
        }
        let result = TitleConversion.run(assignment.entry, base: base, source: assignment.source)
        guard let line = try? JSONEncoder().encode(result) else { return ExitCode.failure }
        Console.out(String(decoding: line, as: UTF8.self) + "\n")
        return result.status == .failed ? ExitCode.failure : ExitCode.ok
    }

    private static func jobCount(_ parsed: Arguments) throws -> Int {
        guard let text = parsed.value("-j") ?? parsed.value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let n = Int(text), n >= 1, n <= 1024 else {
            throw Arguments.Problem.badValue(option: "-j", value: text, expected: "a number of titles at once from 1 to 1024")
        }
        return n
    }

    private static func workerArguments(_ parsed: Arguments) -> [String] {
        forwarded.flatMap { flag in parsed.all(flag).map { "\(flag)=\($0)" } } + (parsed.has("--chapters") ? ["--chapters"] : [])
    }

    /// This very binary (a batch's workers all run the version the batch started with, even if
    /// the file is replaced meanwhile: /proc/self/exe names the running inode).
    private static func executable() -> String {
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
    }
}
