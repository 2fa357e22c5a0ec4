import Foundation
import Packager

/// `pkgctl vod --batch JOBS|-`: many titles, each converted exactly as `pkgctl vod` would, by a
/// worker process of this binary (`--batch-worker`, internal). Prints one JSON line per title
/// as it ends, then a summary line. Exit statuses: BatchSummary.Exit (docs/deploy.md).
enum BatchCommand {
    /// The batch options of one `pkgctl vod` invocation.
    struct Settings {
        var jobs: String?
        var parallel: Int?
        var shard: String?
        var force = false
        var keepGoing = false
        var list = false
        var worker: String?

        var applies: Bool { jobs != nil || worker != nil }
    }

    private static let names: Set<String> = ["--batch", "--jobs", "--shard", "--force", "--keep-going", "--list", "--batch-worker"]

    static let options: [Option<VodCommand.Invocation>] = [
        .value("--batch", .file("JOBS|-"), "convert every title of a JSON-lines job list (- reads stdin); see docs/deploy.md") {
            $0.batch.jobs = $1.text
        },
        .value("--jobs", .number("N"), aliases: ["-j"], default: "the processor count", "with --batch: titles converted at once") {
            guard let n = Int($1.text), (1...1024).contains(n) else { throw $1.bad("a number of titles at once from 1 to 1024") }
            $0.batch.parallel = n
        },
        .value("--shard", .text("I/N"), "with --batch: only titles whose line index mod N is I") { $0.batch.shard = $1.text },
        .flag("--force", "with --batch: convert titles whose output is already up to date") { $0.batch.force = true },
        .flag("--keep-going", "with --batch: exit 3 rather than 1 when some titles failed and the others are done") {
            $0.batch.keepGoing = true
        },
        .flag("--list", "with --batch: print the shard's titles with their resolved settings; convert nothing") { $0.batch.list = true },
        .value("--batch-worker", .text("JSON"), "internal: one title of a batch (started by the batch itself)") {
            $0.batch.worker = $1.text
        },
    ]

    /// Runs the batch (or one worker). Throws usage errors; returns the batch's exit status.
    static func run(_ parsed: ParsedCommand<VodCommand.Invocation>, arguments: [String]) throws -> Int32 {
        let settings = parsed.invocation.batch
        if let unexpected = parsed.positionals.first { throw UsageError.unexpected(unexpected) }
        if parsed.invocation.output != nil {
            throw UsageError.conflict("-o/--output does not go with --batch: each title's output is in JOBS")
        }
        let base = try PipelineOptions.configuration(parsed.invocation)
        if let assignment = settings.worker { return worker(assignment, base: base) }
        return try batch(settings, base: base, workerArguments: try workerArguments(arguments))
    }

    private static func batch(_ settings: Settings, base: PipelineConfiguration, workerArguments: [String]) throws -> Int32 {
        guard let jobs = settings.jobs else { throw UsageError.missingPositional("--batch JOBS") }
        let shard: BatchShard
        let list: BatchJobList
        do {
            shard = try settings.shard.map { try BatchShard(parsing: $0) } ?? .whole
            list = try BatchJobList.load(path: jobs)
        } catch let error as BatchError {
            if case .jobsUnreadable = error {
                Console.error("pkgctl vod: \(error)")
                return ExitCode.failure
            }
            throw error
        }
        let entries = shard.select(list.entries)
        if settings.list {
            let listing = BatchListing.lines(entries, list: list, base: base)
            for line in listing.lines { Console.out(line + "\n") }
            return listing.valid ? ExitCode.ok : ExitCode.failure
        }
        let runner = BatchRunner(list: list, entries: entries, shard: shard, base: base,
                                 settings: .init(parallel: settings.parallel ?? ProcessInfo.processInfo.activeProcessorCount,
                                                 force: settings.force, executable: executable(),
                                                 workerArguments: workerArguments)) { result in
            Console.out(result.json.serialized() + "\n")
        }
        let signals = ShutdownSignals { request in runner.stop(reason: request.signalName) }
        do { try signals.install() } catch {
            Console.error("pkgctl vod: \(error)")
            return ExitCode.failure
        }
        let summary = runner.run()
        Console.out(summary.json.serialized() + "\n")
        return summary.exitCode(keepGoing: settings.keepGoing)
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

    /// The batch's own vod options, given again to each worker so it resolves the same settings
    /// (`--name=value`, so no value can be taken for an option).
    private static func workerArguments(_ arguments: [String]) throws -> [String] {
        let scanned = try ArgumentScanner.scan(arguments, options: VodCommand.options.map(\.spec))
        return scanned.occurrences.filter { !names.contains($0.spec.name) }.map { o in
            o.value.map { "\(o.spec.name)=\($0)" } ?? o.spec.name
        }
    }

    /// This very binary (a batch's workers all run the version the batch started with, even if
    /// the file is replaced meanwhile: /proc/self/exe names the running inode).
    private static func executable() -> String {
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
    }
}
