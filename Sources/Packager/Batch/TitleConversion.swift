import Foundation

/// Converts one title, in the worker process: exactly `pkgctl vod` (VodPipeline, the same
/// sinks), with the title's fingerprint taken before reading and committed with the output.
public enum TitleConversion {
    public static func run(_ entry: BatchEntry, base: PipelineConfiguration, source: String) -> TitleResult {
        guard let job = entry.job else { return .failed(entry, entry.problem ?? "unusable line") }
        var result = TitleResult(index: entry.index, line: entry.line, input: job.input, output: job.output, status: .done)
        do {
            let title = try ResolvedTitle(job, base: base, source: source)
            result.configuration = title.digest.description
            result.durability = title.storedDurability?.rawValue
            // Taken before the input is read: a change made while converting shows next run.
            let fingerprint = try title.fingerprint(at: Date())
            let inner = try title.makeSink()
            let sink = try FingerprintingSink(wrapping: inner, record: fingerprint, location: job.output)
            result.record(try VodPipeline.run(input: job.input, sink: sink, options: title.options)
                .warningUnsynced(by: inner as? StagedDirectorySink))
        } catch {
            result.status = .failed
            result.error = String(describing: error)
        }
        return result
    }
}
