import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the titles of one shard, `parallel` at a time. Each title is decided in the batch
/// (skipped when its committed fingerprint matches) and otherwise converted by a worker process
/// of the same binary — a crash, a leak or a stuck FFmpeg read ends with that process, and its
/// rusage is the title's exact CPU. Results are handed to `emit` one at a time, as titles end.
public final class BatchRunner: @unchecked Sendable {
    public struct Settings {
        public var parallel: Int
        public var force: Bool
        /// This binary, run as `EXECUTABLE vod --batch-worker ASSIGNMENT WORKER_ARGUMENTS…`.
        public var executable: String
        /// The batch's own configuration flags, so the worker resolves the same settings.
        public var workerArguments: [String]

        public init(parallel: Int, force: Bool, executable: String, workerArguments: [String]) {
            self.parallel = parallel
            self.force = force
            self.executable = executable
            self.workerArguments = workerArguments
        }
    }

    private let list: BatchJobList
    private let entries: [BatchEntry]
    private let base: PipelineConfiguration
    private let settings: Settings
    private let emit: (TitleResult) -> Void
    private let lock = NSLock()
    private var next = 0
    private var summary: BatchSummary
    private var running: [Int: ChildProcess] = [:]

    /// `entries`: the shard's part of `list`.
    public init(list: BatchJobList, entries: [BatchEntry], shard: BatchShard, base: PipelineConfiguration,
                settings: Settings, emit: @escaping (TitleResult) -> Void) {
        self.list = list
        self.entries = entries
        self.base = base
        self.settings = settings
        self.emit = emit
        summary = BatchSummary(shard: shard, parallel: settings.parallel, titles: entries.count)
    }

    public func run() -> BatchSummary {
        let started = DispatchTime.now().uptimeNanoseconds
        let directories = entries.compactMap { entry -> URL? in
            guard let output = entry.job?.output, case .directory(let dir) = TitleOutput(output) else { return nil }
            return dir
        }
        let swept = StagingLeftovers.sweep(directories).count
        let finished = DispatchGroup()
        for n in 0..<max(1, min(settings.parallel, entries.count)) {
            finished.enter()
            let thread = Thread { [self] in
                while let entry = take() { finish(convertOrSkip(entry)) }
                finished.leave()
            }
            thread.name = "pkgctl-batch-\(n)"
            thread.start()
        }
        finished.wait()
        lock.lock(); defer { lock.unlock() }
        summary.wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        summary.stagingRemoved = swept
        return summary
    }

    /// Starts no further title and asks the running workers to stop.
    public func stop(reason: String) {
        lock.lock()
        if summary.interruptedBy == nil { summary.interruptedBy = reason }
        let workers = Array(running.values)
        lock.unlock()
        for worker in workers { worker.terminate() }
    }

    private func take() -> BatchEntry? {
        lock.lock(); defer { lock.unlock() }
        guard summary.interruptedBy == nil, next < entries.count else { return nil }
        next += 1
        return entries[next - 1]
    }

    private func finish(_ result: TitleResult?) {
        guard let result else { return }
        lock.lock(); defer { lock.unlock() }
        summary.add(result)
        emit(result)
    }

    /// nil when the batch was stopped before the title's worker started.
    private func convertOrSkip(_ entry: BatchEntry) -> TitleResult? {
        let wallStart = DispatchTime.now().uptimeNanoseconds
        let cpuStart = ThreadCPUClock.seconds()
        var result: TitleResult
        if let job = entry.job {
            do {
                let title = try ResolvedTitle(job, base: base, source: list.source)
                if let reason = title.reasonToConvert(force: settings.force) {
                    guard let converted = convert(entry, reason: reason) else { return nil }
                    result = converted
                } else {
                    result = TitleResult(index: entry.index, line: entry.line, input: job.input, output: job.output, status: .skipped)
                    result.reason = "unchanged"
                    result.configuration = title.digest.description
                }
            } catch {
                result = .failed(entry, String(describing: error))
            }
        } else {
            result = .failed(entry, entry.problem ?? "unusable line")
        }
        result.wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
        result.cpuSeconds += ThreadCPUClock.seconds() - cpuStart
        return result
    }

    private func convert(_ entry: BatchEntry, reason: String) -> TitleResult? {
        let arguments = ["vod", "--batch-worker", BatchWorkerAssignment(entry: entry, list: list).json] + settings.workerArguments
        let worker: ChildProcess
        do {
            lock.lock()
            defer { lock.unlock() }
            guard summary.interruptedBy == nil else { return nil }
            worker = try ChildProcess(executable: settings.executable, arguments: arguments)
            running[entry.index] = worker
        } catch {
            return .failed(entry, String(describing: error))
        }
        let outcome = worker.wait()
        lock.lock()
        running[entry.index] = nil
        let stoppedBy = summary.interruptedBy
        lock.unlock()
        var result = WorkerReply.result(of: outcome, entry: entry, stoppedBy: stoppedBy)
        result.reason = reason
        result.cpuSeconds = outcome.cpuSeconds
        result.peakRSSMiB = outcome.peakRSSMiB
        return result
    }
}
